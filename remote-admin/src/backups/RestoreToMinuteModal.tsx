import { Alert, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { minuteInput, minuteProblem, minuteRange } from './backupRules';
import { RestoreDialog } from './RestoreDialog';

/**
 * D1: the restore to any minute Time Travel keeps (the last `days` days), typed in the viewer's
 * time zone; the database of now is kept as a point first. Mounted for each opening.
 */
export function RestoreToMinuteModal({
  days,
  restoring,
  failure,
  onConfirm,
  onClose,
}: {
  days: number;
  restoring: boolean;
  failure: string | null;
  onConfirm: (at: Date) => void;
  onClose: () => void;
}) {
  // the moment it opened (the page mounts it anew for each opening)
  const [now] = useState(() => new Date());
  const [value, setValue] = useState(() => minuteInput(new Date(now.getTime() - 5 * 60_000)));
  const range = minuteRange(days, now);
  const at = value ? new Date(value) : null;
  const problem = minuteProblem(at, days, now);
  return (
    <RestoreDialog
      title="Restore the database to a minute"
      restoring={restoring}
      failure={failure}
      confirmLabel="Restore to this minute"
      confirmDisabled={problem !== null}
      onConfirm={() => onConfirm(at!)}
      onClose={onClose}
    >
      <Text>
        D1 Time Travel puts the database back as it was at any minute of the last {days} days, named restore
        point or not.
      </Text>
      <TextInput
        type="datetime-local"
        label="The database as it was at"
        description="In your time zone"
        value={value}
        min={range.min}
        max={range.max}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={value && problem}
      />
      <Alert color="orange" icon={<IconAlertTriangle />}>
        Every change made after that minute will be lost. The database as it is now is kept as a restore point
        first, so this restore can itself be undone.
      </Alert>
    </RestoreDialog>
  );
}
