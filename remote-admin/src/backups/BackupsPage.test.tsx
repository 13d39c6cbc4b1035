import { authStore } from '@auditdesk/shared';
import type { BackupsOverview, RestorePoint } from '@auditdesk/shared/core';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import BackupsPage from './BackupsPage';

const point = (extra: Partial<RestorePoint> = {}): RestorePoint => ({
  name: '2026-11-28T0700Z-bulk',
  kind: 'bulk',
  reason: 'Before a bulk delete of 8 leads by Ada',
  at: '2026-11-28T07:00:00.000Z',
  sizeBytes: 2_400_000,
  counts: { leads: 120 },
  verification: 'integrity_check ok; read back whole (SHA-256 0123456789ab…)',
  encrypted: true,
  local: true,
  offsite: null,
  offsiteProblem: null,
  ...extra,
});

const overview = (extra: Partial<BackupsOverview> = {}): BackupsOverview => ({
  engine: 'sqlite',
  schedule: { cron: '0 * * * *', nextAt: '2026-11-28T08:00:00.000Z', everyMs: 3_600_000, timeZone: 'UTC' },
  lastGood: { name: '2026-11-28T0700Z-bulk', at: '2026-11-28T07:00:00.000Z', ageMs: 600_000, stale: false },
  points: [point()],
  failed: [],
  disk: { usedBytes: 2_400_000, freeBytes: 50_000_000_000, snapshots: 1 },
  offsite: null,
  encrypted: true,
  timeTravelDays: null,
  exports: null,
  restores: [],
  busy: null,
  ...extra,
});

const d1 = (extra: Partial<BackupsOverview> = {}) =>
  overview({
    engine: 'd1',
    lastGood: { name: 'p', at: '2026-11-28T07:00:00.000Z', ageMs: 0, stale: false },
    points: [point({ sizeBytes: null, local: false, verification: 'D1 Time Travel bookmark 0000000a-…' })],
    disk: null,
    timeTravelDays: 30,
    ...extra,
  });

const card = (label: string) => screen.getByLabelText(label);

describe('BackupsPage', () => {
  let fetched: ReturnType<typeof mockFetch>;
  beforeEach(() =>
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: null },
        { id: '1', email: 'admin@example.com', name: 'Ada', role: 'Admin' },
      ),
  );
  afterEach(() => {
    fetched.restore();
    act(() => authStore.getState().clearSession());
  });

  it('on SQLite, says the schedule in words with its next run, and the disk the snapshots take', async () => {
    fetched = mockFetch(() => json(200, overview()));
    renderWithProviders(<BackupsPage />);
    await screen.findByRole('table', { name: 'Restore points' });
    expect(card('Schedule')).toHaveTextContent('Every hour, on the hour');
    expect(card('Schedule')).toHaveTextContent(/Next \d\d\/\d\d\/2026, \d\d:00 [AP]M/);
    expect(card('Schedule')).not.toHaveTextContent('0 * * * *');
    expect(card('On this machine')).toHaveTextContent('1 snapshot');
    expect(screen.queryByRole('button', { name: 'Restore to a minute…' })).not.toBeInTheDocument();
    expect(screen.queryByText('The last good backup is old')).not.toBeInTheDocument();
  });

  it('warns in red when the newest point is older than twice the schedule', async () => {
    fetched = mockFetch(() =>
      json(
        200,
        overview({
          lastGood: {
            name: 'old',
            at: '2026-11-28T04:00:00.000Z',
            ageMs: 3 * 3_600_000 + 12 * 60_000,
            stale: true,
          },
        }),
      ),
    );
    renderWithProviders(<BackupsPage />);
    const warning = (await screen.findByText('The last good backup is old')).closest('[role="alert"]');
    expect(warning).toHaveTextContent(
      'The newest restore point is 3h 12m old, more than twice the schedule’s interval. Check the server’s log, then Back up now.',
    );
    expect(card('Last good backup')).toHaveTextContent('3h 12m ago');
  });

  it('restores a named point after saying what is lost after it; a refusal stays in the dialog to try again', async () => {
    let refusals = 1;
    fetched = mockFetch(({ method, url }) => {
      if (url === '/api/backups/2026-11-28T0700Z-bulk/impact')
        return json(200, { leadChanges: 1_204, otherChanges: 1 });
      if (method === 'POST' && url === '/api/backups/restore')
        return refusals-- > 0
          ? json(409, { detail: 'A sync is running; restore when it has finished.' })
          : json(200, {
              at: '2026-11-28T07:30:00.000Z',
              by: 'Ada',
              point: '2026-11-28T0700Z-bulk',
              pointReason: 'Before a bulk delete of 8 leads by Ada',
              undoPoint: '2026-11-28T073000Z-restore',
              migrated: [],
            });
      return json(200, overview());
    });
    renderWithProviders(<BackupsPage />);
    const table = await screen.findByRole('table', { name: 'Restore points' });
    await userEvent.click(within(table).getByRole('button', { name: 'Restore…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the database' });
    expect(dialog).toHaveTextContent('Restore 2026-11-28T0700Z-bulk: Before a bulk delete of 8 leads by Ada');
    expect(
      await within(dialog).findByText(
        '1,204 lead changes and 1 other change (people, views, syncs) made after it will be lost.',
      ),
    ).toBeInTheDocument();

    const confirm = within(dialog).getByRole('button', { name: 'Restore 2026-11-28T0700Z-bulk' });
    await userEvent.click(confirm);
    expect(
      await within(dialog).findByText('A sync is running; restore when it has finished.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Not restored')).toBeInTheDocument();

    await userEvent.click(confirm);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Restore the database' })).not.toBeInTheDocument(),
    );
    expect(fetched.calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/backups/restore', body: { point: '2026-11-28T0700Z-bulk' } }),
      expect.objectContaining({ url: '/api/backups/restore', body: { point: '2026-11-28T0700Z-bulk' } }),
    ]);
  });

  it('on D1, has no disk, offers any minute of Time Travel and restores to it', async () => {
    fetched = mockFetch(({ method, url }) =>
      method === 'POST' && url === '/api/backups/restore'
        ? json(200, {
            at: '2026-11-28T07:30:00.000Z',
            by: 'Ada',
            point: '2026-11-28T07:10:00.000Z',
            pointReason: 'The database as it was at 2026-11-28T07:10:00.000Z',
            undoPoint: '2026-11-28T073000.000Z-restore',
            migrated: [],
          })
        : json(200, d1()),
    );
    renderWithProviders(<BackupsPage />);
    await screen.findByRole('table', { name: 'Restore points' });
    expect(screen.queryByLabelText('On this machine')).not.toBeInTheDocument();
    expect(card('Restore to')).toHaveTextContent('Any minuteof the last 30 days (D1 Time Travel)');
    expect(card('Schedule')).toHaveTextContent('None needed');
    expect(card('Off Cloudflare')).toHaveTextContent('Set BACKUP_S3_URL to export on the schedule');
    expect(
      within(screen.getByRole('table', { name: 'Restore points' })).getByText('Cloudflare D1 (Time Travel)'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Restore to a minute…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the database to a minute' });
    const input = within(dialog).getByLabelText(/The database as it was at/);
    const minute = new Date(Date.now() - 20 * 60_000);
    minute.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(input, {
      target: {
        value: `${minute.getFullYear()}-${pad(minute.getMonth() + 1)}-${pad(minute.getDate())}T${pad(minute.getHours())}:${pad(minute.getMinutes())}`,
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore to this minute' }));
    expect(fetched.calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/backups/restore',
      body: { at: minute.toISOString() },
    });
  });

  it('on D1 with a bucket, shows the exports’ schedule and the exports off Cloudflare', async () => {
    fetched = mockFetch(() =>
      json(
        200,
        d1({
          offsite: { target: 's3://office-backups/auditdesk/d1-exports/', failing: 0, lastProblem: null },
          exports: [
            {
              name: '2026-11-28T070000Z-export',
              at: '2026-11-28T07:00:00.000Z',
              reason: 'Export of the D1 database at bookmark 0000000a',
              sizeBytes: 3_100_000,
              counts: { leads: 1200 },
              verification: 'rebuilt into SQLite: integrity_check ok',
              encrypted: true,
            },
          ],
        }),
      ),
    );
    renderWithProviders(<BackupsPage />);
    const exports = await screen.findByRole('table', { name: 'Exports off Cloudflare' });
    expect(within(exports).getByText('2026-11-28T070000Z-export')).toBeInTheDocument();
    expect(within(exports).getByText('1,200')).toBeInTheDocument();
    expect(card('Schedule')).toHaveTextContent('Every hour, on the hour');
    expect(card('Off Cloudflare')).toHaveTextContent('s3://office-backups/auditdesk/d1-exports/');
  });
});
