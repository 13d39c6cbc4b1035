import { VIEW_NAME_MAX } from '@auditdesk/shared';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ViewNaming } from './useSavedViews';

interface ViewNameModalProps {
  title: string;
  /** What the dialog starts with: the view's own name and sharing, or a blank new one. */
  initial: ViewNaming;
  /** Managers and Admins share views with everyone. */
  mayShare: boolean;
  saving: boolean;
  /** Why the last try failed (a name already taken, for one), shown until the next try. */
  error: string | null;
  onSave: (naming: ViewNaming) => void;
  onClose: () => void;
}

/** Save as… and Rename…: the view's name and, for Managers and Admins, whether everyone sees it. */
export function ViewNameModal({
  title,
  initial,
  mayShare,
  saving,
  error,
  onSave,
  onClose,
}: ViewNameModalProps) {
  const [name, setName] = useState(initial.name);
  const [shared, setShared] = useState(initial.shared);
  const blank = name.trim() === '';
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) onSave({ name: name.trim(), shared });
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            placeholder="For example: Scheduled this month"
            data-autofocus
            maxLength={VIEW_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {mayShare && (
            <Switch
              label="Share with everyone"
              description="Everyone sees it in their views; only Managers and Admins can change it."
              checked={shared}
              onChange={(event) => setShared(event.currentTarget.checked)}
            />
          )}
          {error && (
            <Alert color="red" title="The view was not saved">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={blank}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
