import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatPercent, usagePercent, USAGE_WARNING_PERCENT } from './resourceRules';
import type { UsageMeterProps } from './UsageMeter';

/** The banner shown when any usage reaches 75 % of its limit; names each such usage. */
export function UsageWarning({ meters }: { meters: UsageMeterProps[] }) {
  const high = meters.flatMap((meter) => {
    const percent = usagePercent(meter.used, meter.limit);
    return percent !== null && percent >= USAGE_WARNING_PERCENT ? [{ label: meter.label, percent }] : [];
  });
  if (high.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} title="Approaching plan limits" mb="lg" role="alert">
      <List size="sm">
        {high.map(({ label, percent }) => (
          <List.Item key={label}>
            {label} is at {formatPercent(percent)} of its limit.
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
