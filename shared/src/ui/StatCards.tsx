import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../format/formatNumber';

export interface StatCard {
  label: string;
  /** A number (shown with thousands separators) or text already formatted. */
  value: number | string;
  /** The whole value, as a tooltip, when `value` shows it shortened. */
  title?: string;
  /** A line under the number, e.g. a rate. */
  detail?: string;
  color?: string;
}

/** A row of labelled numbers (counters, KPI cards); each card is named by its label. */
export function StatCards({ cards, mb = 'lg' }: { cards: StatCard[]; mb?: string }) {
  return (
    <SimpleGrid cols={cards.length} mb={mb}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700} c={card.color} data-testid={`stat-${card.label}`} title={card.title}>
            {typeof card.value === 'number' ? formatNumber(card.value) : card.value}
          </Text>
          {card.detail && (
            <Text size="xs" c="dimmed">
              {card.detail}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
