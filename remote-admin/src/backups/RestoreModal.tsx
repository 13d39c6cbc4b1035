import { formatDateTime } from '@auditdesk/shared';
import type { RestorePoint } from '@auditdesk/shared/core';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lossText } from './backupRules';
import { RestoreDialog } from './RestoreDialog';
import { useRestoreImpact } from './useBackups';

/** The confirmation of a restore: the point, and what is lost after it; the database of now is kept first. */
export function RestoreModal({
  point,
  restoring,
  failure,
  onConfirm,
  onClose,
}: {
  point: RestorePoint | null;
  restoring: boolean;
  failure: string | null;
  onConfirm: (point: RestorePoint) => void;
  onClose: () => void;
}) {
  const impact = useRestoreImpact(point?.name ?? null);
  if (!point) return null;
  return (
    <RestoreDialog
      title="Restore the database"
      restoring={restoring}
      failure={failure}
      confirmLabel={`Restore ${point.name}`}
      onConfirm={() => onConfirm(point)}
      onClose={onClose}
    >
      <Text>
        Restore <b>{point.name}</b>: {point.reason}, {formatDateTime(point.at)}.
      </Text>
      {impact.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Counting the changes made after it…</Text>
        </Group>
      )}
      {impact.isError && (
        <Text size="sm" c="red">
          The changes since could not be counted: {impact.error.message}
        </Text>
      )}
      {impact.data && (
        <Alert color="orange" icon={<IconAlertTriangle />}>
          {lossText(impact.data)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        The database as it is now is kept as a restore point first, so this restore can itself be undone.
        Syncs wait meanwhile; every open page reloads its data when it is done.
      </Text>
    </RestoreDialog>
  );
}
