import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { kpis } from './kpis';

export function KpiCards({ values }: { values: ReturnType<typeof kpis> }) {
  const cards = [
    { label: 'Total Leads', value: values.total, detail: 'All time leads', color: undefined },
    {
      label: 'Cancelled',
      value: values.cancelled,
      detail: `${values.cancellationRate.toFixed(1)}% cancellation rate`,
      color: 'red',
    },
    {
      label: 'Scheduled',
      value: values.scheduled,
      detail: `${values.scheduledRate.toFixed(1)}% scheduled rate`,
      color: 'green',
    },
    {
      label: 'Referrals',
      value: values.referrals,
      detail: `${values.referralRate.toFixed(1)}% referral rate`,
      color: 'blue',
    },
  ];
  return (
    <SimpleGrid cols={4} mb="lg">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700} c={card.color} data-testid={`kpi-${card.label}`}>
            {card.value.toLocaleString('en-US')}
          </Text>
          <Text size="xs" c="dimmed">
            {card.detail}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
