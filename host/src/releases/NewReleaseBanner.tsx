import { formatDateTime, toastFailure, type SyncHubClient } from '@auditdesk/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { REMOTE_LABELS } from './remoteLabels';
import { useReleaseNotices } from './useReleaseNotices';

/**
 * Quiet notes above the page: a remote this tab runs has another release for this person
 * (Reload takes it, when the person chooses: nothing reloads by force, a form being filled in
 * is not lost), and the person's own preview of a release, with Leave preview.
 */
export function NewReleaseBanner({
  client,
  reload = () => window.location.reload(),
}: {
  client?: SyncHubClient;
  reload?: () => void;
}) {
  const { outdated, previews, dismiss, leavePreview } = useReleaseNotices(client);
  const [leaving, setLeaving] = useState<string | null>(null);
  if (outdated.length === 0 && previews.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {previews.map((preview) => (
        <Alert
          key={`preview ${preview.remote}`}
          color="grape"
          variant="light"
          icon={<IconEye />}
          role="status"
          data-testid="preview-banner"
        >
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm">
              You are previewing {REMOTE_LABELS[preview.remote]} {preview.version}, for you only, until{' '}
              {formatDateTime(preview.previewUntil)}. Everyone else has their own release.
            </Text>
            <Button
              size="xs"
              variant="light"
              color="grape"
              loading={leaving === preview.remote}
              onClick={() => {
                setLeaving(preview.remote);
                leavePreview(preview, reload)
                  .catch((error: unknown) =>
                    toastFailure(error instanceof Error ? error.message : String(error), 'Preview not left'),
                  )
                  .finally(() => setLeaving(null));
              }}
            >
              Leave preview
            </Button>
          </Group>
        </Alert>
      ))}
      {outdated.map(({ remote, notes }) => (
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
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Stack gap={2}>
              <Text size="sm">
                A new version of {REMOTE_LABELS[remote]} is available. Reload to use it; anything you have not
                saved on this page would be lost.
              </Text>
              {notes && (
                <Text size="sm" c="dimmed" data-testid="release-notes">
                  {notes}
                </Text>
              )}
            </Stack>
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={reload}>
              Reload
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
