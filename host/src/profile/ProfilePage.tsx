import { PageHeader, signOut, useAuth } from '@auditdesk/shared';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { defaultAccountType } from './accountType';
import { DEFAULT_ADMIN_PERMISSIONS, formatPermission } from './formatPermission';
import { fetchProfile } from './profileApi';
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
  const { data, isPending } = useQuery({
    queryKey: ['profile', user?.id],
    queryFn: fetchProfile,
    enabled: Boolean(user),
  });

  if (!user) {
    return (
      <Alert color="yellow" title="User information not available">
        Please try logging in again.
      </Alert>
    );
  }

  const isAdmin = user.role === 'Admin';
  const permissions = data?.permissions.length
    ? data.permissions.map(formatPermission)
    : isAdmin
      ? DEFAULT_ADMIN_PERMISSIONS
      : [];

  return (
    <>
      <PageHeader title="Profile" subtitle="Your account and what it may do." />
      <Stack maw={760}>
        {data?.problem && (
          <Alert color="yellow" icon={<IconAlertTriangle />} title="Backend Connection Issue">
            {data.problem}. Showing the information cached in this browser (local storage).
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Group mb="lg" align="flex-start">
            <Avatar size={56} radius="xl" color="blue">
              {user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={2}>
              <Title order={2} size="h3">
                {user.name}
              </Title>
              <Text c="dimmed">{user.email}</Text>
            </Stack>
            <Group gap="xs" ml="auto">
              <Badge color={ROLE_COLORS[user.role]}>{user.role}</Badge>
              {data?.profile?.isDevelopment && <Badge color="orange">Dev Mode</Badge>}
              {data?.profile && (
                <Badge color="teal" variant="light">
                  API Connected
                </Badge>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={2} spacing="md" mb="lg">
            <Detail label="Email" value={user.email} />
            <Detail label="Role" value={user.role} />
            <Detail label="User ID" value={user.id} />
            <Detail
              label="Account Type"
              value={data?.profile?.accountType || defaultAccountType(user.role)}
            />
          </SimpleGrid>
          {isPending ? (
            <Skeleton h={80} />
          ) : (
            (isAdmin || permissions.length > 0) && (
              <Stack gap={4} mb="lg">
                <Text fw={600}>Permissions</Text>
                <List size="sm" aria-label="Permissions">
                  {permissions.map((permission) => (
                    <List.Item key={permission}>{permission}</List.Item>
                  ))}
                </List>
              </Stack>
            )
          )}
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconLogout size={16} />}
              onClick={() => void signOut()}
            >
              Sign Out
            </Button>
          </Group>
        </Card>
        <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
          Your role and permissions are managed by an administrator. Ask one if you need more access.
        </Alert>
      </Stack>
    </>
  );
}
