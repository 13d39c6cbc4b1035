import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/** The e-mail addresses in a text: separated by commas, semicolons, spaces or lines. */
const emailsIn = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

/** Asks whom to try a release on, by e-mail. */
export function NamedPeopleModal({
  version,
  onClose,
  onStage,
}: {
  /** The release to stage; null: closed. */
  version: string | null;
  onClose: () => void;
  onStage: (emails: string[]) => void;
}) {
  const [text, setText] = useState('');
  const emails = emailsIn(text);
  return (
    <Modal opened={version !== null} onClose={onClose} title={`Stage ${version ?? ''} for named people`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (emails.length) onStage(emails);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Only these people get this release until you advance it to everyone or abort it.
          </Text>
          <TextInput
            label="E-mail addresses"
            description="Separated by commas"
            placeholder="ada@example.com, sam@example.com"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={emails.length === 0}>
              Stage for {emails.length === 1 ? '1 person' : `${emails.length} people`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
