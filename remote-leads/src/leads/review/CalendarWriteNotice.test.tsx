import type { LeadDetail, WriteBackMode } from '@auditdesk/shared';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { screen } from '@testing-library/react';
import { json, mockFetch } from '../../../../scripts/jest/fetchMock';
import { CalendarWriteNotice } from './CalendarWriteNotice';

const lead = (calendarWrite: LeadDetail['calendarWrite']) => ({
  id: 7,
  source: 'calendar',
  needsReview: false,
  officeValues: [],
  calendarDeletedAt: null,
  calendarWrite,
});

function show(mode: WriteBackMode, calendarWrite: LeadDetail['calendarWrite']) {
  mockFetch(({ url }) => {
    if (url === '/api/leads/7') return json(200, lead(calendarWrite));
    if (url === '/api/business') return json(200, { timeZone: 'America/New_York', writeBack: mode });
    return json(404);
  });
  renderWithProviders(<CalendarWriteNotice leadId={7} />);
}

afterEach(() => jest.restoreAllMocks());

describe('CalendarWriteNotice', () => {
  it('says edits reach the calendar, and why these are not there yet', async () => {
    show('on', {
      since: new Date(Date.now() - 120_000).toISOString(),
      attempts: 2,
      reason:
        'The CalDAV server cal.example.com answered HTTP 503 Service Unavailable 5 times in a row; gave up, try again later',
      nextAttemptAt: new Date(Date.now() + 150_000).toISOString(),
      failedAt: null,
    });
    expect(await screen.findByText('Edits are written back to the calendar.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not yet in the calendarThe CalDAV server cal.example.com answered HTTP 503 Service Unavailable 5 times in a row; gave up, try again later. It is tried again by itself in 3 min; nothing is lost meanwhile.',
    );
  });

  it('says in red that the calendar refused a write, and that it is not tried again', async () => {
    show('on', {
      since: new Date(Date.now() - 120_000).toISOString(),
      attempts: 1,
      reason: 'Microsoft Graph answered HTTP 400 Bad Request: The value is invalid',
      nextAttemptAt: new Date(Date.now() - 60_000).toISOString(),
      failedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Not written to the calendarMicrosoft Graph answered HTTP 400 Bad Request: The value is invalid. It is not tried again; the office's values stay here. Change them, or use the calendar's, to write again.",
    );
  });

  it('says a read-only calendar keeps edits here, with nothing waiting', async () => {
    show('read-only source', null);
    expect(
      await screen.findByText('The calendar cannot be updated from here: edits are kept here only.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
