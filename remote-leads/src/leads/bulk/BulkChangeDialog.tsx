import { LEAD_FIELD_LABELS, type BulkField } from '@auditdesk/shared';
import { Alert, Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ChoiceInput } from '../ChoiceInput';
import type { ChoiceField } from '../knownValues';

interface BulkChangeDialogProps {
  field: BulkField;
  count: number;
  /** What Status and Auditor offer, as in the lead form. */
  choices: Record<ChoiceField, string[]>;
  onClose: () => void;
  /** Resolves when done; a rejection's message is shown in the dialog. */
  onApply: (value: string) => Promise<void>;
}

const leadsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'lead' : 'leads'}`;

/** One field, one value, for every selected lead: the same input the lead form has for it. */
export function BulkChangeDialog({ field, count, choices, onClose, onApply }: BulkChangeDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = LEAD_FIELD_LABELS[field];
  const apply = async () => {
    setSaving(true);
    setError(null);
    try {
      await onApply(value);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The leads could not be changed.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Change ${label} of ${leadsText(count)}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        {field === 'status' || field === 'auditor' ? (
          <ChoiceInput label={label} value={value} options={choices[field]} onChange={setValue} />
        ) : (
          <TextInput label={label} value={value} onChange={(event) => setValue(event.currentTarget.value)} />
        )}
        {error && (
          <Alert color="red" mt="sm">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Change {leadsText(count)}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
