import { Paper, SimpleGrid, Text } from '@mantine/core';

export function SummaryCards({
  total,
  scheduled,
  cancelled,
}: {
  total: number;
  scheduled: number;
  cancelled: number;
}) {
  const cards = [
    { label: 'Total Leads', value: total, color: undefined },
    { label: 'Scheduled', value: scheduled, color: 'green' },
    { label: 'Cancelled', value: cancelled, color: 'red' },
  ];
  return (
    <SimpleGrid cols={3} mb="md">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700} c={card.color}>
            {card.value.toLocaleString('en-US')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
