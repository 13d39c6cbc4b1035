import { isScheduledStatus, rateOf, type GridRecord, type LeadResource } from '@auditdesk/shared/core';
import {
  AUDITORS,
  DANA,
  DANA_SEPTEMBER_GRID,
  DANA_SEPTEMBER_LEADS,
  DANA_SEPTEMBER_SCHEDULED,
  OTHER_LEADS,
} from '../../../scripts/jest/fixtures/danaSeptember2025';
import { ENGINES } from '../../testkit/engines';
import { lead } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

/**
 * One definition of Scheduled: the grid the Scheduling screen sums, the list the Leads screen
 * counts, the summary and the dashboard agree on Dana's September 2025 (16 Scheduled and one
 * Completed: the screens once said 16 and 17).
 */
describe.each(ENGINES)('Scheduled, on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ AUDITORS: AUDITORS.join(', ') }, { engine });
    token = (await t.login()).access_token;
    await syncLeads(
      t,
      [...DANA_SEPTEMBER_LEADS, ...OTHER_LEADS].map((fixture) => lead(fixture)),
      { from: 0, to: 0 },
      '2025-08-01T00:00:00.000Z',
    );
  });
  afterAll(() => t.close());
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json() as T;
  };

  it('is the grid the Scheduling screen sums: Scheduled or Completed', async () => {
    const grid = await get<GridRecord[]>('/api/leads/grid-data?startDate=2025-09-01&endDate=2025-09-30');
    expect(grid).toEqual(DANA_SEPTEMBER_GRID);
    expect(grid.reduce((sum, record) => sum + record.leadsCount, 0)).toBe(DANA_SEPTEMBER_SCHEDULED);
  });

  it('is the count the Leads screen makes of the same leads with the contract rule', async () => {
    const list = await get<LeadResource[]>('/api/leads');
    const september = list.filter((row) => row.auditor === DANA && row.scheduledDate?.startsWith('2025-09-'));
    expect(september).toHaveLength(DANA_SEPTEMBER_LEADS.length);
    expect(september.filter((row) => isScheduledStatus(row.status))).toHaveLength(DANA_SEPTEMBER_SCHEDULED);
  });

  it('is what the summary and the dashboard count, the dashboard rate by the one rate rule', async () => {
    // Dana's 17, her October visit, Sam's 'completed' one and Pat Morgan's
    const scheduled = DANA_SEPTEMBER_SCHEDULED + 3;
    const total = DANA_SEPTEMBER_LEADS.length + OTHER_LEADS.length;
    const summary = await get<{ total: number; scheduled: number; byStatus: Record<string, number> }>(
      '/api/leads/summary',
    );
    expect(summary).toMatchObject({
      total,
      scheduled,
      byStatus: { Cancelled: 2, Completed: 1, completed: 1, 'No Show': 1, Scheduled: 18 },
    });
    const dashboard = await get<{ scheduledLeads: number; conversionRate: number }>('/api/dashboard/stats');
    expect(dashboard).toMatchObject({ totalLeads: total, scheduledLeads: scheduled, conversionRate: 87 });
    expect(rateOf(scheduled, total)).toBe(87); // 20 of 23: 86.96…, one decimal
  });
});
