import { formatDateTime, WriteBackNote, type LeadDetail } from '@auditdesk/shared';
import { Alert, Text } from '@mantine/core';
import { IconCalendarX, IconCloudUpload } from '@tabler/icons-react';
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
  if (write.failedAt)
    return `Not written to the calendar: ${write.reason ?? 'the calendar refused it'}. It is not tried again; the office's values stay here. Change them, or use the calendar's, to write again.`;
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
    // a write the calendar refused for good waits for a person: nothing to look for meanwhile
    refetchInterval: (query) => {
      const write = query.state.data?.calendarWrite;
      return write && !write.failedAt ? WAITING_REFRESH_MS : false;
    },
  });
  const lead = detail.data;
  if (!lead || lead.source !== 'calendar') return null;
  const pending = pendingWriteText(lead);
  const failed = Boolean(lead.calendarWrite?.failedAt);
  const heading = failed ? 'Not written to the calendar' : 'Not yet in the calendar';
  return (
    <>
      <WriteBackNote mb="xs" />
      {pending && (
        <Alert
          color={failed ? 'red' : 'yellow'}
          icon={failed ? <IconCalendarX size={18} /> : <IconCloudUpload size={18} />}
          mb="sm"
          title={<span title={formatDateTime(lead.calendarWrite!.since)}>{heading}</span>}
        >
          <Text size="sm">{pending.slice(heading.length + 2)}</Text>
        </Alert>
      )}
    </>
  );
}
