import { Paper, Stack, Title } from '@mantine/core';
import { UsageMeter, type UsageMeterProps } from './UsageMeter';

/** 'Usage vs Limits' (or just 'Usage', where nothing is limited): a meter per limit. */
export function UsagePanel({
  meters,
  title = 'Usage vs Limits',
}: {
  meters: UsageMeterProps[];
  title?: string;
}) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="lg">
        {meters.map((meter) => (
          <UsageMeter key={meter.label} {...meter} />
        ))}
      </Stack>
    </Paper>
  );
}
