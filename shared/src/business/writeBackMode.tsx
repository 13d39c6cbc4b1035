import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { WriteBackMode } from '../contract/vocabulary';
import { businessSettingsQuery } from './useBusinessTimeZone';

const SENTENCES: Record<WriteBackMode, string> = {
  on: 'Edits are written back to the calendar.',
  off: 'Edits are kept here only: writing them back to the calendar is turned off (CALENDAR_WRITE_BACK).',
  'read-only source': 'The calendar cannot be updated from here: edits are kept here only.',
};

/** What happens to an edit of a calendar lead, in one sentence a person reads. */
export const writeBackSentence = (mode: WriteBackMode): string => SENTENCES[mode];

/** Whether edits reach the calendar (GET /api/business); undefined until it is known. */
export function useWriteBackMode(): WriteBackMode | undefined {
  return useQuery(businessSettingsQuery).data?.writeBack;
}

/** The write-back mode as one plain sentence, for the Sync screen and the lead form. */
export function WriteBackNote({ mb }: { mb?: string }) {
  const mode = useWriteBackMode();
  if (!mode) return null;
  return (
    <Text size="sm" c="dimmed" mb={mb} data-testid="write-back-mode">
      {writeBackSentence(mode)}
    </Text>
  );
}
