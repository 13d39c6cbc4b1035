import { type SyncHubClient } from '@auditdesk/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import { REMOTE_LABELS } from './remoteLabels';
import { useNewReleases } from './useNewReleases';

/**
 * A quiet note above the page when a remote this tab runs has a newer release live: Reload
 * takes it, when the person chooses (never forced: a form being filled in is not lost).
 */
export function NewReleaseBanner({
  client,
  reload = () => window.location.reload(),
}: {
  client?: SyncHubClient;
  reload?: () => void;
}) {
  const { outdated, dismiss } = useNewReleases(client);
  if (outdated.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {outdated.map((remote) => (
        <Alert
          key={remote}
          color="blue"
          variant="light"
          icon={<IconSparkles />}
          withCloseButton
          closeButtonLabel="Not now"
          onClose={() => dismiss(remote)}
          role="status"
          data-testid="new-release-banner"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              A new version of {REMOTE_LABELS[remote]} is available. Reload to use it; anything you have not
              saved on this page would be lost.
            </Text>
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={reload}>
              Reload
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
