import { Alert, Button, Group, List, Text } from '@mantine/core';
import { LEAD_FIELD_LABELS as LABELS } from './leadFieldLabels';
import type { LeadFormValues } from './leadsApi';

const shown = (value: string | null) => (value ? value : '(empty)');

interface LeadConflictAlertProps {
  /** The lead as this person opened it, and as it is now. */
  opened: LeadFormValues;
  current: LeadFormValues;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}

/** Someone saved this lead while it was open here: what they changed, and the two ways on. */
export function LeadConflictAlert({ opened, current, onUseTheirs, onKeepMine }: LeadConflictAlertProps) {
  const changed = (Object.keys(LABELS) as (keyof LeadFormValues)[]).filter(
    (field) => opened[field] !== current[field],
  );
  return (
    <Alert color="orange" role="alert" mb="sm" title="Someone changed this lead since you opened it">
      {changed.length > 0 && (
        <List size="sm" mb="xs">
          {changed.map((field) => (
            <List.Item key={field}>
              {LABELS[field]}: {shown(opened[field])} → {shown(current[field])}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" mb="xs">
        Nothing of yours was saved yet.
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onUseTheirs}>
          Use their version
        </Button>
        <Button size="xs" color="orange" onClick={onKeepMine}>
          Save mine over theirs
        </Button>
      </Group>
    </Alert>
  );
}
