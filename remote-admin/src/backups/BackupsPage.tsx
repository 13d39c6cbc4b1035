import { formatDateTime, LoadErrorPanel, PageHeader, toastSuccess } from '@auditdesk/shared';
import type { RestorePoint } from '@auditdesk/shared/core';
import { Alert, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconDatabaseExport, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ageText } from './backupRules';
import { BackupsSummary } from './BackupsSummary';
import { ExportsTable } from './ExportsTable';
import { RestoreModal } from './RestoreModal';
import { RestoreToMinuteModal } from './RestoreToMinuteModal';
import { RestorePointsTable } from './RestorePointsTable';
import { useBackups } from './useBackups';

/** Admin-only: the host and a standalone remote refuse it to others (the remote manifest's adminOnly). */
export default function BackupsPage() {
  const { backups, backUp, restore } = useBackups();
  const [chosen, setChosen] = useState<RestorePoint | null>(null);
  const [toMinute, setToMinute] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const overview = backups.data;

  const onBackUp = () =>
    backUp.mutate(undefined, {
      onSuccess: ({ point, unchanged }) =>
        toastSuccess(
          unchanged
            ? `Nothing changed since ${point.name}: it is still the newest point.`
            : `${point.name} is verified and kept.`,
          'Backed up',
        ),
    });
  const onConfirm = (request: { point: string } | { at: string }) => {
    setFailure(null);
    restore.mutate(request, {
      onSuccess: (record) => {
        setChosen(null);
        setToMinute(false);
        toastSuccess(
          `The database is back to ${record.point}. Restore ${record.undoPoint} to undo it.`,
          'Restored',
        );
      },
      onError: (error) => setFailure(error.message),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Backups"
        subtitle="Restore points taken on the schedule, on request and before every change one undo cannot take back; each one verified before it is offered."
      />
      {backups.isPending && <Skeleton height={240} aria-label="Loading backups" />}
      {backups.isError && (
        <LoadErrorPanel
          title="The backups could not be loaded."
          message={`${backups.error.message} Try again; if it keeps failing, check that the server is running.`}
          onRetry={() => void backups.refetch()}
          retrying={backups.isFetching}
        />
      )}
      {overview && (
        <>
          {overview.lastGood?.stale && (
            <Alert color="red" icon={<IconAlertTriangle />} title="The last good backup is old">
              The newest restore point is {ageText(overview.lastGood.ageMs)} old, more than twice the
              schedule’s interval. Check the server’s log, then Back up now.
            </Alert>
          )}
          {overview.offsite && overview.offsite.failing > 0 && (
            <Alert color="red" icon={<IconAlertTriangle />} title="Copies off the machine are failing">
              {overview.offsite.failing} snapshot(s) could not be copied to {overview.offsite.target}:{' '}
              {overview.offsite.lastProblem}. They stay on this machine and are tried again with the next
              snapshot.
            </Alert>
          )}
          <BackupsSummary overview={overview} />
          <Card withBorder>
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <div>
                <Title order={3} size="h4">
                  Restore points
                </Title>
                <Text size="sm" c="dimmed">
                  {overview.encrypted ? (
                    <>
                      <IconLock size={12} /> Encrypted at rest.{' '}
                    </>
                  ) : (
                    'Not encrypted (set BACKUP_KEY). '
                  )}
                  {overview.busy ? `Running now: ${overview.busy}.` : ''}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                {overview.timeTravelDays !== null && (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconClockHour4 size={16} />}
                    disabled={Boolean(overview.busy) || restore.isPending}
                    onClick={() => {
                      setFailure(null);
                      setToMinute(true);
                    }}
                  >
                    Restore to a minute…
                  </Button>
                )}
                <Button
                  leftSection={<IconDatabaseExport size={16} />}
                  loading={backUp.isPending}
                  disabled={Boolean(overview.busy) || restore.isPending}
                  onClick={onBackUp}
                >
                  Back up now
                </Button>
              </Group>
            </Group>
            {backUp.isError && (
              <Alert color="red" mb="sm" title="Not backed up">
                {backUp.error.message}
              </Alert>
            )}
            <RestorePointsTable
              points={overview.points}
              disabled={Boolean(overview.busy) || restore.isPending}
              onRestore={(point) => {
                setFailure(null);
                setChosen(point);
              }}
            />
          </Card>
          {overview.exports && overview.offsite && (
            <ExportsTable exports={overview.exports} target={overview.offsite.target} />
          )}
          {overview.failed.length > 0 && (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title="Snapshots that failed their check (kept aside, never offered)"
            >
              <List size="sm">
                {overview.failed.map((failed) => (
                  <List.Item key={failed.name}>
                    {failed.name} ({failed.reason}): {failed.problem}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {overview.restores.length > 0 && (
            <Card withBorder>
              <Title order={3} size="h4" mb="xs">
                Restores
              </Title>
              <List size="sm" spacing={4}>
                {overview.restores.map((record) => (
                  <List.Item key={`${record.at}-${record.point}`}>
                    {formatDateTime(record.at)}: {record.by} restored {record.point} ({record.pointReason});
                    undo with {record.undoPoint}
                    {record.migrated.length > 0 ? `; migrated ${record.migrated.join(', ')}` : ''}.
                  </List.Item>
                ))}
              </List>
            </Card>
          )}
        </>
      )}
      <RestoreModal
        point={chosen}
        restoring={restore.isPending}
        failure={failure}
        onConfirm={(point) => onConfirm({ point: point.name })}
        onClose={() => !restore.isPending && setChosen(null)}
      />
      {overview?.timeTravelDays && toMinute && (
        <RestoreToMinuteModal
          days={overview.timeTravelDays}
          restoring={restore.isPending}
          failure={failure}
          onConfirm={(at) => onConfirm({ at: at.toISOString() })}
          onClose={() => !restore.isPending && setToMinute(false)}
        />
      )}
    </Stack>
  );
}
