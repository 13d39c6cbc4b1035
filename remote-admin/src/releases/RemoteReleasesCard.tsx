import { formatDateTime } from '@auditdesk/shared';
import type { ReleaseWatchRules, RemoteName, RemoteReleases, StageAudience } from '@auditdesk/shared/core';
import { Alert, Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconEye } from '@tabler/icons-react';
import { ReleaseActions } from './ReleaseActions';
import { ReleaseChanges } from './ReleaseChanges';
import { StagePanel } from './StagePanel';

export interface Refusal {
  version: string | null;
  message: string;
  problems: string[];
}

/** What an Admin asks of one remote's releases. */
export interface ReleaseCommands {
  promote: (remote: RemoteName, version: string) => void;
  rollback: (remote: RemoteName) => void;
  stage: (remote: RemoteName, version: string, audience: StageAudience) => void;
  stageNamedPeople: (remote: RemoteName, version: string) => void;
  advance: (remote: RemoteName) => void;
  abort: (remote: RemoteName) => void;
  preview: (remote: RemoteName, version: string) => void;
}

interface RemoteReleasesCardProps {
  entry: RemoteReleases;
  rules: ReleaseWatchRules;
  /** What the server is doing for this remote ('<version>', 'rollback', 'stage <version>'…), while it answers. */
  busy: string | null;
  refusal: Refusal | null;
  commands: ReleaseCommands;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const NO_SHRINK = { flexShrink: 0 } as const;

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

/**
 * One remote on the Releases page: what is live, its stage with Advance and Abort, who previews
 * what, its releases with their loads (Preview, Stage, Promote), Roll back, and its changes.
 */
export function RemoteReleasesCard({ entry, rules, busy, refusal, commands }: RemoteReleasesCardProps) {
  const { remote, stage } = entry;
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
                {remote}
              </Text>
              {entry.pinnedUrl && <Badge color="gray">Pinned</Badge>}
            </Group>
            <LiveLine entry={entry} />
            {entry.watch && (
              <Text size="xs" c="dimmed">
                Watched until {formatDateTime(entry.watch.until)}: rolled back by itself if it fails clearly
                more than the release before.
              </Text>
            )}
          </Stack>
          {entry.live && (
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              loading={busy === 'rollback'}
              disabled={busy !== null && busy !== 'rollback'}
              onClick={() => commands.rollback(remote)}
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
        {stage && (
          <StagePanel
            label={entry.label}
            stage={stage}
            liveVersion={entry.live?.version ?? null}
            rules={rules}
            busy={busy === 'advance' || busy === 'abort' ? busy : busy === null ? null : 'other'}
            onAdvance={() => commands.advance(remote)}
            onAbort={() => commands.abort(remote)}
          />
        )}
        {entry.previews.map((preview) => (
          <Group gap="xs" key={preview.email}>
            <IconEye size={16} />
            <Text size="sm">
              {preview.email} previews {preview.version} until {formatDateTime(preview.until)}.
            </Text>
          </Group>
        ))}
        {entry.releases.length === 0 ? (
          <Text size="sm" c="dimmed">
            No releases yet. Publish one with{' '}
            <Text span ff="monospace">
              pnpm release {remote}
            </Text>
            .
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={1040}>
            <Table verticalSpacing="xs" striped captionSide="top">
              <Table.Caption ta="right">Loads of the last 24 hours</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Commit</Table.Th>
                  <Table.Th>Notes</Table.Th>
                  <Table.Th ta="right" style={NO_WRAP}>
                    Page loads
                  </Table.Th>
                  <Table.Th ta="right" style={NO_WRAP}>
                    Failed loads
                  </Table.Th>
                  <Table.Th ta="right">Crashes</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.releases.map((release) => (
                  <Table.Tr key={release.version} aria-label={`${entry.label} ${release.version}`}>
                    <Table.Td style={NO_WRAP}>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" ff="monospace">
                          {release.version}
                        </Text>
                        {release.live && (
                          <Badge color="green" style={NO_SHRINK}>
                            Live
                          </Badge>
                        )}
                        {stage?.version === release.version && (
                          <Badge color="indigo" style={NO_SHRINK}>
                            Staged
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={NO_WRAP}>{formatDateTime(release.publishedAt)}</Table.Td>
                    <Table.Td ff="monospace" style={NO_WRAP}>
                      {release.commit}
                    </Table.Td>
                    <Table.Td>{release.notes}</Table.Td>
                    <Table.Td ta="right">{release.pageLoads}</Table.Td>
                    <Table.Td ta="right" c={release.loadFailures > 0 ? 'red' : undefined}>
                      {release.loadFailures}
                    </Table.Td>
                    <Table.Td ta="right" c={release.errors > 0 ? 'red' : undefined}>
                      {release.errors}
                    </Table.Td>
                    <Table.Td ta="right">
                      {!release.live && (
                        <ReleaseActions
                          version={release.version}
                          staged={stage?.version === release.version}
                          otherStaged={stage !== null && stage.version !== release.version}
                          busy={busy}
                          onPreview={() => commands.preview(remote, release.version)}
                          onStage={(audience) => commands.stage(remote, release.version, audience)}
                          onNamedPeople={() => commands.stageNamedPeople(remote, release.version)}
                          onPromote={() => commands.promote(remote, release.version)}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ReleaseChanges changes={entry.changes} />
      </Stack>
    </Card>
  );
}
