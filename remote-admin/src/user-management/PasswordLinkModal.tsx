import { formatDateTime } from '@auditdesk/shared';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { PasswordLink } from './userAccessApi';

export function PasswordLinkModal({ link, onClose }: { link: PasswordLink | null; onClose: () => void }) {
  return (
    <Modal opened={Boolean(link)} onClose={onClose} title="Password link" size="lg">
      {link && (
        <Stack>
          <Text size="sm">
            Send this link to {link.email}. It sets their password once and expires on{' '}
            {formatDateTime(link.expiresAt)}.
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Link"
              value={link.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button color={copied ? 'teal' : 'blue'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
