import { formatDateTime, WriteBackNote, type LeadDetail } from '@auditdesk/shared';
import { Alert, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { leadDetailQuery } from '../leadsApi';

/** While a write waits, the form looks again now and then: it goes out in the background. */
const WAITING_REFRESH_MS = 5_000;

/** When the next try is, from now: `in a moment`, `in 4 min`, or its date and time. */
function nextTry(at: string, now: number): string {
  const wait = Date.parse(at) - now;
  if (!(wait > 60_000)) return 'in a moment';
  if (wait < 3_600_000) return `in ${Math.ceil(wait / 60_000)} min`;
  return `at ${formatDateTime(at)}`;
}

/** Why the office's values are not in the calendar yet, and what happens next, as a person reads it. */
export function pendingWriteText(
  lead: Pick<LeadDetail, 'calendarWrite' | 'needsReview'>,
  now = Date.now(),
): string | null {
  const write = lead.calendarWrite;
  if (!write) return null;
  if (!write.reason) return `Not yet in the calendar: it is written ${nextTry(write.nextAttemptAt, now)}.`;
  const next = lead.needsReview
    ? 'Decide above which values to keep; what you keep is then written.'
    : `It is tried again by itself ${nextTry(write.nextAttemptAt, now)}; nothing is lost meanwhile.`;
  return `Not yet in the calendar: ${write.reason}. ${next}`;
}

/**
 * On a calendar lead's form: whether edits reach the calendar (one sentence), and while the
 * office's values wait to be written, why they are not in the calendar yet.
 */
export function CalendarWriteNotice({ leadId }: { leadId: number }) {
  const detail = useQuery({
    ...leadDetailQuery(leadId),
    refetchInterval: (query) => (query.state.data?.calendarWrite ? WAITING_REFRESH_MS : false),
  });
  const lead = detail.data;
  if (!lead || lead.source !== 'calendar') return null;
  const pending = pendingWriteText(lead);
  return (
    <>
      <WriteBackNote mb="xs" />
      {pending && (
        <Alert
          color="yellow"
          icon={<IconCloudUpload size={18} />}
          mb="sm"
          title={<span title={formatDateTime(lead.calendarWrite!.since)}>Not yet in the calendar</span>}
        >
          <Text size="sm">{pending.replace(/^Not yet in the calendar: /, '')}</Text>
        </Alert>
      )}
    </>
  );
}
