import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatPercent, USAGE_COLORS, usageLevel, usagePercent } from './resourceRules';

export interface UsageMeterProps {
  label: string;
  used: number;
  /** 0 or null: no limit, or none reported; `noLimit` says which. */
  limit: number | null;
  format: (value: number) => string;
  noLimit: string;
  /** A line under the bar, e.g. the peak. */
  detail?: string;
}

/** One number against its limit: 'used of limit', the percentage, and a bar in the usage colour. */
export function UsageMeter({ label, used, limit, format, noLimit, detail }: UsageMeterProps) {
  const percent = usagePercent(used, limit);
  const level = usageLevel(percent);
  return (
    <Stack gap={6} data-testid={`usage-${label}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500}>{label}</Text>
        <Text size="sm" c="dimmed" ta="right">
          {percent === null ? `${format(used)} · ${noLimit}` : `${format(used)} of ${format(limit!)}`}
        </Text>
      </Group>
      {percent !== null && (
        <Group gap="sm" wrap="nowrap">
          <Progress.Root size="lg" style={{ flex: 1 }}>
            <Progress.Section
              value={Math.min(percent, 100)}
              color={USAGE_COLORS[level]}
              aria-label={`${label} usage`}
            />
          </Progress.Root>
          <Text size="sm" fw={600} c={level === 'normal' ? undefined : USAGE_COLORS[level]} w={56} ta="right">
            {formatPercent(percent)}
          </Text>
        </Group>
      )}
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
