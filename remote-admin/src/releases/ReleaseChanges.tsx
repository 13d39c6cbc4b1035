import { formatDateTime } from '@auditdesk/shared';
import type { ReleaseChange } from '@auditdesk/shared/core';
import { Stack, Text } from '@mantine/core';

const versionName = (version: string | null) => version ?? 'the built-in build';

/** One change in words: who did what, from what to what, for whom. */
export function changeSentence(change: ReleaseChange): string {
  const from = versionName(change.fromVersion);
  const to = versionName(change.toVersion);
  switch (change.action) {
    case 'promote':
      return change.audience === 'everyone'
        ? `${change.by} advanced ${to} to everyone (live; ${from} before).`
        : `${change.by} promoted from ${from} to ${to}.`;
    case 'rollback':
      return `${change.by} rolled back from ${from} to ${to}.`;
    case 'stage':
      return `${change.by} staged ${to} for ${change.audience ?? 'some people'}.`;
    case 'advance':
      return `${change.by} advanced ${to} to ${change.audience ?? 'more people'}.`;
    case 'abort':
      return `${change.by} aborted the stage of ${from}; everyone is back on ${to}.`;
  }
}

/** A remote's recent changes, newest first, each with why when the watch made it. */
export function ReleaseChanges({ changes }: { changes: ReleaseChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Stack gap={2} aria-label="Recent changes">
      <Text size="sm" fw={500}>
        Recent changes
      </Text>
      {changes.slice(0, 6).map((change) => (
        <Stack gap={0} key={`${change.at} ${change.action} ${change.toVersion}`}>
          <Text size="xs" c="dimmed">
            {formatDateTime(change.at)}: {changeSentence(change)}
          </Text>
          {change.reason && (
            <Text size="xs" c="red.8" pl="md">
              Why: {change.reason}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
