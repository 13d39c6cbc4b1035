import { Badge, Group, Text } from '@mantine/core';
import type { Rating } from './resourceRules';

/** A label with its value, and a rating badge when the value is rated. */
export function MetricLine({ label, value, rating }: { label: string; value: string; rating?: Rating }) {
  return (
    <Group justify="space-between" wrap="nowrap" aria-label={label}>
      <Text fw={500}>{label}</Text>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600}>{value}</Text>
        {rating && (
          <Badge color={rating.color} variant="light" data-rating={rating.label}>
            {rating.label}
          </Badge>
        )}
      </Group>
    </Group>
  );
}
