import { Paper, Stack, Title } from '@mantine/core';
import { UsageMeter, type UsageMeterProps } from './UsageMeter';

/** 'Usage vs Limits': a meter per limit. */
export function UsagePanel({ meters }: { meters: UsageMeterProps[] }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Usage vs Limits
      </Title>
      <Stack gap="lg">
        {meters.map((meter) => (
          <UsageMeter key={meter.label} {...meter} />
        ))}
      </Stack>
    </Paper>
  );
}
