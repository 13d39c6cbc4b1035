import { Paper, SimpleGrid, Text } from '@mantine/core';
import { countUsers } from './countUsers';
import type { DisplayedUser } from './userAccessTypes';

export function UserCounters({ users }: { users: DisplayedUser[] }) {
  const counts = countUsers(users);
  const cards = [
    { label: 'Total Users', value: counts.total },
    { label: 'Active Users', value: counts.active },
    { label: 'Admins', value: counts.admins },
    { label: 'Revoked', value: counts.revoked },
  ];
  return (
    <SimpleGrid cols={4} mb="lg">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
