import { pendingWriteText } from './CalendarWriteNotice';

const NOW = Date.parse('2025-03-04T12:00:00Z');
const write = (reason: string | null, nextAttemptAt: string, failedAt: string | null = null) => ({
  since: '2025-03-04T11:58:00Z',
  attempts: reason ? 3 : 0,
  reason,
  nextAttemptAt,
  failedAt,
});

describe('pendingWriteText', () => {
  it('says nothing when nothing waits', () => {
    expect(pendingWriteText({ calendarWrite: null, needsReview: false }, NOW)).toBeNull();
  });

  it('says a fresh edit goes out in a moment', () => {
    expect(
      pendingWriteText({ calendarWrite: write(null, '2025-03-04T12:00:00Z'), needsReview: false }, NOW),
    ).toBe('Not yet in the calendar: it is written in a moment.');
  });

  it('gives the reason of a failed write and when it is tried again', () => {
    expect(
      pendingWriteText(
        {
          calendarWrite: write(
            'Google Calendar answered HTTP 403 Forbidden: Insufficient Permission',
            '2025-03-04T12:03:30Z',
          ),
          needsReview: false,
        },
        NOW,
      ),
    ).toBe(
      'Not yet in the calendar: Google Calendar answered HTTP 403 Forbidden: Insufficient Permission. It is tried again by itself in 4 min; nothing is lost meanwhile.',
    );
  });

  it('says a write the calendar refused for good is not tried again, and what to do', () => {
    expect(
      pendingWriteText(
        {
          calendarWrite: write(
            'The CalDAV server cal.example.com answered HTTP 400 Bad Request',
            '2025-03-04T12:00:00Z',
            '2025-03-04T12:00:10Z',
          ),
          needsReview: false,
        },
        NOW,
      ),
    ).toBe(
      "Not written to the calendar: The CalDAV server cal.example.com answered HTTP 400 Bad Request. It is not tried again; the office's values stay here. Change them, or use the calendar's, to write again.",
    );
  });

  it('sends a person to the decision when the calendar changed the same field meanwhile', () => {
    expect(
      pendingWriteText(
        {
          calendarWrite: write(
            'the event was changed in the calendar since the last sync',
            '2025-03-04T12:00:00Z',
          ),
          needsReview: true,
        },
        NOW,
      ),
    ).toBe(
      'Not yet in the calendar: the event was changed in the calendar since the last sync. Decide above which values to keep; what you keep is then written.',
    );
  });
});
