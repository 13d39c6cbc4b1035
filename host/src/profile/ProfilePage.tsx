import { PageHeader, signOut, useAuth } from '@auditdesk/shared';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { defaultAccountType } from './accountType';
import { ROLE_COLORS } from './roleColors';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

export function ProfilePage() {
  const user = useAuth((state) => state.user);
  if (!user) return null;

  return (
    <>
      <PageHeader title="Profile" subtitle="Your account and what it may do." />
      <Card withBorder padding="lg" maw={720}>
        <Group mb="lg">
          <Avatar size={56} radius="xl" color="blue">
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Title order={3}>{user.name}</Title>
            <Text c="dimmed">{user.email}</Text>
          </Stack>
          <Badge color={ROLE_COLORS[user.role]} ml="auto">
            {user.role}
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="md" mb="lg">
          <Detail label="Email" value={user.email} />
          <Detail label="Role" value={user.role} />
          <Detail label="User ID" value={user.id} />
          <Detail label="Account Type" value={defaultAccountType(user.role)} />
        </SimpleGrid>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
        >
          Sign Out
        </Button>
      </Card>
    </>
  );
}
