import { formatDateTime, formatPercent } from '@auditdesk/shared';
import type { ReleaseFigures, ReleaseStage, ReleaseWatchRules } from '@auditdesk/shared/core';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlayerStop, IconStairsUp } from '@tabler/icons-react';

interface StagePanelProps {
  label: string;
  stage: ReleaseStage;
  /** The live release (null: the built-in build). */
  liveVersion: string | null;
  rules: ReleaseWatchRules;
  /** 'advance' or 'abort' while the server answers. */
  busy: string | null;
  onAdvance: () => void;
  onAbort: () => void;
}

const attempts = (figures: ReleaseFigures) => figures.pageLoads + figures.loadFailures;
const failureShare = (figures: ReleaseFigures) =>
  attempts(figures) === 0 ? 0 : Math.min(1, (figures.loadFailures + figures.errors) / attempts(figures));

function FiguresRow({ name, figures }: { name: string; figures: ReleaseFigures }) {
  return (
    <Table.Tr aria-label={name}>
      <Table.Td>{name}</Table.Td>
      <Table.Td ta="right">{figures.pageLoads}</Table.Td>
      <Table.Td ta="right" c={figures.loadFailures > 0 ? 'red' : undefined}>
        {figures.loadFailures}
      </Table.Td>
      <Table.Td ta="right" c={figures.errors > 0 ? 'red' : undefined}>
        {figures.errors}
      </Table.Td>
      <Table.Td ta="right">{attempts(figures) ? formatPercent(failureShare(figures) * 100) : '–'}</Table.Td>
    </Table.Tr>
  );
}

/**
 * A remote's stage: the release tried on some people, who they are and since when, its loads
 * beside the live release's over the same time, what the watch does, Advance and Abort.
 */
export function StagePanel({ label, stage, liveVersion, rules, busy, onAdvance, onAbort }: StagePanelProps) {
  const people = stage.people === 1 ? '1 person' : `${stage.people} people`;
  return (
    <Paper withBorder p="sm" radius="sm" bg="indigo.0" aria-label={`${label} stage`} component="section">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge color="indigo">Staged</Badge>
              <Text size="sm">
                <b>{stage.version}</b> for <b>{stage.description}</b> ({people} now) since{' '}
                {formatDateTime(stage.since)}, by {stage.by}. Everyone else stays on{' '}
                {liveVersion ?? 'the built-in build'}.
              </Text>
            </Group>
            {stage.audience.kind === 'users' && (
              <Text size="xs" c="dimmed">
                {stage.audience.users.join(', ')}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              leftSection={<IconStairsUp size={14} />}
              loading={busy === 'advance'}
              disabled={busy !== null && busy !== 'advance'}
              onClick={onAdvance}
            >
              {stage.next === 'everyone' ? 'Advance to everyone' : `Advance to ${stage.next}`}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerStop size={14} />}
              loading={busy === 'abort'}
              disabled={busy !== null && busy !== 'abort'}
              onClick={onAbort}
            >
              Abort
            </Button>
          </Group>
        </Group>
        <Table withTableBorder={false} verticalSpacing={4} maw={720} bg="white">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Since the stage began</Table.Th>
              <Table.Th ta="right">Page loads</Table.Th>
              <Table.Th ta="right">Failed loads</Table.Th>
              <Table.Th ta="right">Crashes</Table.Th>
              <Table.Th ta="right">Failing</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <FiguresRow name={`Staged ${stage.version}`} figures={stage.staged} />
            <FiguresRow name={`Live ${liveVersion ?? 'built-in build'}`} figures={stage.live} />
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Aborted by itself when, over the last {rules.windowMinutes} minutes and from {rules.minLoads} page
          loads, {rules.failureRatePercent} points more of its loads fail or crash than of the live release's.
        </Text>
      </Stack>
    </Paper>
  );
}
