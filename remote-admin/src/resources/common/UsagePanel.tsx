import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { UsageMeter, type UsageMeterProps } from './UsageMeter';

/** 'Usage vs Limits': a meter per limit, then any further lines. */
export function UsagePanel({ meters, children }: { meters: UsageMeterProps[]; children?: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={4} mb="md">
        Usage vs Limits
      </Title>
      <Stack gap="lg">
        {meters.map((meter) => (
          <UsageMeter key={meter.label} {...meter} />
        ))}
        {children}
      </Stack>
    </Paper>
  );
}
