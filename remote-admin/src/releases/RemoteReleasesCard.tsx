import { formatDateTime } from '@auditdesk/shared';
import type { RemoteName, RemoteReleases } from '@auditdesk/shared/core';
import { Alert, Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconRocket } from '@tabler/icons-react';

export interface Refusal {
  version: string | null;
  message: string;
  problems: string[];
}

interface RemoteReleasesCardProps {
  entry: RemoteReleases;
  /** The version being promoted, or 'rollback', while the server answers. */
  busy: string | null;
  refusal: Refusal | null;
  onPromote: (remote: RemoteName, version: string) => void;
  onRollback: (remote: RemoteName) => void;
}

const versionName = (version: string | null) => version ?? 'the built-in build';

function LiveLine({ entry }: { entry: RemoteReleases }) {
  if (entry.pinnedUrl)
    return (
      <Text size="sm">
        Pinned by its setting to{' '}
        <Text span ff="monospace">
          {entry.pinnedUrl}
        </Text>
        : a promotion is recorded, and the app keeps loading the pinned address until the setting is removed.
      </Text>
    );
  if (!entry.live) return <Text size="sm">Live: the built-in build the server serves.</Text>;
  return (
    <Text size="sm">
      Live: <b>{entry.live.version}</b> since {formatDateTime(entry.live.since)}, by {entry.live.by}.
    </Text>
  );
}

/** One remote on the Releases page: what is live, its releases with their loads, Promote and Roll back. */
export function RemoteReleasesCard({ entry, busy, refusal, onPromote, onRollback }: RemoteReleasesCardProps) {
  return (
    <Card withBorder padding="md" aria-label={`${entry.label} releases`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {entry.label}
              </Title>
              <Text size="sm" c="dimmed" ff="monospace">
                {entry.remote}
              </Text>
              {entry.pinnedUrl && <Badge color="gray">Pinned</Badge>}
            </Group>
            <LiveLine entry={entry} />
          </Stack>
          {entry.live && (
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              loading={busy === 'rollback'}
              disabled={busy !== null && busy !== 'rollback'}
              onClick={() => onRollback(entry.remote)}
            >
              Roll back
            </Button>
          )}
        </Group>
        {refusal && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={refusal.message}
            role="alert"
          >
            {refusal.problems.length > 0 && (
              <List size="sm">
                {refusal.problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {entry.releases.length === 0 ? (
          <Text size="sm" c="dimmed">
            No releases yet. Publish one with{' '}
            <Text span ff="monospace">
              pnpm release {entry.remote}
            </Text>
            .
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Commit</Table.Th>
                  <Table.Th>Notes</Table.Th>
                  <Table.Th ta="right">Page loads (24 h)</Table.Th>
                  <Table.Th ta="right">Failed loads (24 h)</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.releases.map((release) => (
                  <Table.Tr key={release.version} aria-label={`${entry.label} ${release.version}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" ff="monospace">
                          {release.version}
                        </Text>
                        {release.live && <Badge color="green">Live</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDateTime(release.publishedAt)}</Table.Td>
                    <Table.Td ff="monospace">{release.commit}</Table.Td>
                    <Table.Td>{release.notes}</Table.Td>
                    <Table.Td ta="right">{release.pageLoads}</Table.Td>
                    <Table.Td ta="right" c={release.loadFailures > 0 ? 'red' : undefined}>
                      {release.loadFailures}
                    </Table.Td>
                    <Table.Td ta="right">
                      {!release.live && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRocket size={14} />}
                          loading={busy === release.version}
                          disabled={busy !== null && busy !== release.version}
                          onClick={() => onPromote(entry.remote, release.version)}
                          aria-label={`Promote ${release.version}`}
                        >
                          Promote
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {entry.changes.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Recent changes
            </Text>
            {entry.changes.slice(0, 5).map((change) => (
              <Text size="xs" c="dimmed" key={`${change.at} ${change.toVersion}`}>
                {formatDateTime(change.at)}: {change.by}{' '}
                {change.action === 'promote' ? 'promoted' : 'rolled back'} from{' '}
                {versionName(change.fromVersion)} to {versionName(change.toVersion)}.
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
