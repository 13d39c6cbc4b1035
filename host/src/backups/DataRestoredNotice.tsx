import { formatDateTime, type SyncHubClient } from '@auditdesk/shared';
import { Alert, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useDataRestored } from './useDataRestored';

/** Above the page after a restore: what was restored, by whom; the screen already shows it. */
export function DataRestoredNotice({ client }: { client?: SyncHubClient }) {
  const { restored, dismiss } = useDataRestored(client);
  if (!restored) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconHistory />}
      title="The data was restored"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      mb="md"
    >
      <Text size="sm">
        {restored.by} restored the database to {restored.point} ({restored.reason}) at{' '}
        {formatDateTime(restored.at)}. This page shows the restored data now; changes made after that point
        are gone.
      </Text>
    </Alert>
  );
}
