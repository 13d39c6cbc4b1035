import {
  formatDateTime,
  routes,
  toastFailure,
  toastSuccess,
  useAccess,
  type AgendaFeed,
  type CreatedAgendaFeed,
} from '@auditdesk/shared';
import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { agendaFeedsQuery, createAgendaFeed, revokeAgendaFeed } from './agendaFeedsApi';
import { FeedAddressModal } from './FeedAddressModal';

/**
 * Phone calendars subscribed to an auditor's agenda: the live ones, a new one, revoking one.
 * Admins and Managers keep them (the feed shows customers' details to whoever has it).
 */
export function AgendaFeedsPanel({ auditor }: { auditor: string | null }) {
  const keeper = useAccess(routes.schedulingFeedsCreate.access);
  const client = useQueryClient();
  const feeds = useQuery({ ...agendaFeedsQuery, enabled: keeper });
  const [shown, setShown] = useState<CreatedAgendaFeed | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: agendaFeedsQuery.queryKey });
  const create = useMutation({
    mutationFn: createAgendaFeed,
    onSuccess: setShown,
    onError: (error) => toastFailure(error.message, 'The phone calendar address could not be made'),
    onSettled: reload,
  });
  const revoke = useMutation({
    mutationFn: revokeAgendaFeed,
    onSuccess: (_, feed) =>
      toastSuccess(`The address of ${feed.auditor}'s agenda no longer works.`, 'Revoked'),
    onError: (error) => toastFailure(error.message, 'The address could not be revoked'),
    onSettled: reload,
  });
  if (!keeper) return null;
  const list: AgendaFeed[] = feeds.data ?? [];

  return (
    <Paper withBorder p="md" mb="lg">
      <Group justify="space-between" mb={list.length ? 'sm' : 0}>
        <div>
          <Title order={2} size="h5">
            Phone calendars
          </Title>
          <Text size="sm" c="dimmed">
            A private address a phone&apos;s calendar subscribes to: the agenda follows every change.
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconDeviceMobile size={16} />}
          disabled={!auditor}
          loading={create.isPending}
          onClick={() => auditor && create.mutate(auditor)}
        >
          Subscribe a phone to {auditor ?? 'an auditor'}&apos;s agenda
        </Button>
      </Group>
      {feeds.error && (
        <Text size="sm" c="red">
          The addresses handed out could not be read: {feeds.error.message}
        </Text>
      )}
      {list.length > 0 && (
        <Table fz="sm" data-testid="agenda-feeds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Auditor</Table.Th>
              <Table.Th>Made by</Table.Th>
              <Table.Th>Made</Table.Th>
              <Table.Th>Last read by a calendar</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((feed) => (
              <Table.Tr key={feed.id}>
                <Table.Td>{feed.auditor}</Table.Td>
                <Table.Td>
                  {feed.createdBy}
                  {!feed.answering && (
                    <Badge
                      ml="xs"
                      color="gray"
                      variant="light"
                      title="Who made it may no longer hand out phone calendars: it answers like a revoked address."
                    >
                      Stopped
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(feed.createdAt)}</Table.Td>
                <Table.Td>{formatDateTime(feed.lastReadAt, 'Never')}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke the address ${feed.id} of ${feed.auditor}'s agenda`}
                    loading={revoke.isPending && revoke.variables?.id === feed.id}
                    onClick={() => revoke.mutate(feed)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <FeedAddressModal feed={shown} onClose={() => setShown(null)} />
    </Paper>
  );
}
