import { ROLES, type Role } from '@auditdesk/shared';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { USER_ERRORS } from './userAccessErrors';
import type { NewUser } from './userAccessTypes';
import { validateNewUser } from './validateNewUser';

interface AddUserModalProps {
  opened: boolean;
  onClose: () => void;
  /** After the closing transition, when focus is back where it was before the dialog. */
  onClosed?: () => void;
  onSubmit: (user: NewUser) => Promise<void>;
  /** E-mails already on the list: adding one again is refused before asking the server. */
  existingEmails: string[];
}

const EMPTY: NewUser = { email: '', name: '', role: 'User' };

export function AddUserModal({ opened, onClose, onClosed, onSubmit, existingEmails }: AddUserModalProps) {
  const [form, setForm] = useState<NewUser>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (changes: Partial<NewUser>) => {
    setForm((current) => ({ ...current, ...changes }));
    setError(null);
  };
  const close = () => {
    if (submitting) return; // the form cannot be closed while it submits
    setForm(EMPTY);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewUser(form);
    if (invalid) return setError(invalid);
    if (existingEmails.includes(form.email.trim().toLowerCase())) {
      return setError('A user with this e-mail address already exists.');
    }
    setSubmitting(true);
    try {
      await onSubmit(form);
      setSubmitting(false);
      setForm(EMPTY);
      onClose();
    } catch (failure) {
      setSubmitting(false);
      setError(failure instanceof Error && failure.message ? failure.message : USER_ERRORS.create);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      title="Add User"
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email Address"
            type="email"
            value={form.email}
            onChange={(event) => update({ email: event.currentTarget.value })}
            disabled={submitting}
            data-autofocus
          />
          <TextInput
            label="Full Name"
            value={form.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
            disabled={submitting}
          />
          <Select
            label="Role"
            data={[...ROLES].reverse()}
            value={form.role}
            onChange={(role) => update({ role: (role as Role | null) ?? 'User' })}
            allowDeselect={false}
            disabled={submitting}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Creating...' : 'Add User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
