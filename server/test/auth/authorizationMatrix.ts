import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  leadCreate,
  standardViewState,
  type LeadEditableFields,
  type RemoteName,
} from '@auditdesk/shared/core';
import type { Role } from '../../src/platform/db/schema';
import { createAgendaFeeds } from '../../src/features/scheduling/agenda/agendaFeeds';
import { lead, MARCH_2025 } from '../../testkit/builders/leads';
import { syncLeads } from '../../testkit/builders/syncLeads';
import { importRequest } from '../../testkit/clients/importForm';
import { createSavedViewsRepository } from '../../src/features/views/savedViewsRepository';
import { callerEmail, type Caller } from '../../testkit/roleSessions';
import { publishedRelease, releaseServicesOf } from '../../testkit/builders/releaseBuilds';
import { ADMIN, bearer, type TestApp } from '../../testkit/testApp';
import { createLeadActions } from '../../src/features/leads/actions/leadActions';

/**
 * Every route of the API and who may call it. A new route joins by adding a line here;
 * authorization.test.ts calls each one as anonymous, User, Manager and Admin.
 */
export interface RouteRule {
  /** e.g. 'GET /api/useraccess' */
  route: string;
  /** 'anyone' needs no token; otherwise the roles that get `ok`, the rest 403 (anonymous 401). */
  allowed: 'anyone' | Role[];
  ok: number;
  /**
   * Builds the request for one call (a fresh target for routes that change or delete; the
   * caller's own, for routes whose record belongs to one person).
   */
  request: (t: TestApp, caller: Caller) => InjectOptions | Promise<InjectOptions>;
}

const SIGNED_IN: Role[] = ['User', 'Manager', 'Admin'];
const ADMIN_ONLY: Role[] = ['Admin'];
const LEAD_EDITORS: Role[] = ['Admin', 'Manager'];

let seq = 0;
/** A throwaway account for routes that change or remove one. */
async function target(t: TestApp): Promise<number> {
  seq += 1;
  return (
    await t.users.create({ email: `target-${seq}@example.com`, fullName: `Target ${seq}`, role: 'User' })
  ).id;
}

/** A fresh manual lead for routes that read, change or delete one. */
async function someLead(t: TestApp): Promise<number> {
  return (await t.leads.create(leadCreate.parse({ customerName: `Lead ${++seq}` }))).id;
}

/** A fresh calendar lead with an office value of its status; with `gone`, its event since deleted. */
async function editedCalendarLead(t: TestApp, gone = false): Promise<number> {
  const leadId = `matrix-${++seq}@test`;
  await syncLeads(t, [lead({ leadId })], MARCH_2025, new Date().toISOString());
  const [row] = await t.db.all<{ id: number }>(sql`SELECT id FROM leads WHERE lead_id = ${leadId}`);
  await t.leads.update(row!.id, { status: 'Completed' });
  if (gone) await syncLeads(t, [], MARCH_2025, new Date().toISOString());
  return row!.id;
}

/** A fresh agenda feed, with its secret (made by the Admin: a feed lives on its maker's access). */
const someFeed = (t: TestApp) => createAgendaFeeds(t.db).create('Sam Rivera', ADMIN.email);

/** A fresh view shared with everyone (anyone may make it their default). */
async function someSharedView(t: TestApp): Promise<number> {
  return someView(t, await target(t), true);
}

/** A fresh private view of the caller's: anyone signed in changes and deletes their own. */
async function ownView(t: TestApp, caller: Caller): Promise<number> {
  return someView(t, (await t.users.findByEmail(callerEmail(caller)))!.id, false);
}

async function someView(t: TestApp, ownerId: number, shared: boolean): Promise<number> {
  const view = await createSavedViewsRepository(t.db).create(ownerId, {
    name: `View ${++seq}`,
    shared,
    state: standardViewState(),
  });
  if (typeof view !== 'object' || view === null) throw new Error('The view was not saved.');
  return view.id;
}

/** A fresh release of a remote staged for Admins (a live one before it), ending any earlier stage. */
async function stagedRelease(t: TestApp, remote: RemoteName): Promise<string> {
  const { releases, stages } = releaseServicesOf(t);
  if ((await releases.state())[remote].stage) await stages.abort(remote, 'matrix');
  await publishedRelease(t, remote, { live: true });
  const { version } = await publishedRelease(t, remote);
  await stages.stage(remote, version, { kind: 'role', role: 'Admin' }, 'matrix');
  return version;
}

/** A restore point taken now (so restoring it changes nothing the other lines rely on). */
async function freshPoint(t: TestApp): Promise<string> {
  return (await t.services.backups.backUpNow('matrix')).point.name;
}

/** The id of a fresh import of one lead, made by the Admin. */
async function someImport(t: TestApp): Promise<number> {
  const form = await importRequest('/api/leads/import', {
    name: 'leads.csv',
    content: `Customer Name\nImported ${++seq}\n`,
  });
  const done = await t.app.inject({
    ...form,
    headers: { ...form.headers, ...bearer((await t.login()).access_token) },
  });
  return (done.json() as { actionId: number }).actionId;
}

/** Every editable field of a lead, as PUT requires. */
const wholeLead: LeadEditableFields = {
  ...leadCreate.parse({ customerName: 'Replaced' }),
  status: 'Completed',
};

export const AUTHORIZATION_MATRIX: RouteRule[] = [
  {
    route: 'GET /api/health',
    allowed: 'anyone',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/health' }),
  },
  {
    route: 'POST /api/auth/logout',
    allowed: 'anyone',
    ok: 204,
    request: () => ({ method: 'POST', url: '/api/auth/logout', payload: {} }),
  },
  {
    route: 'GET /api/auth/user',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/auth/user' }),
  },
  {
    route: 'GET /api/user',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/user' }),
  },
  {
    route: 'GET /api/user/profile',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/user/profile' }),
  },
  {
    route: 'GET /api/user/permissions',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/user/permissions' }),
  },
  {
    route: 'GET /api/user/list',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/user/list' }),
  },
  {
    route: 'POST /api/user/create',
    allowed: ADMIN_ONLY,
    ok: 201,
    request: () => ({
      method: 'POST',
      url: '/api/user/create',
      payload: { email: `new-${++seq}@example.com`, name: 'New', role: 'User' },
    }),
  },
  {
    route: 'PUT /api/user/{id}/role',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `/api/user/${await target(t)}/role`,
      payload: { role: 'Manager' },
    }),
  },
  {
    route: 'PUT /api/user/{id}/status',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => ({
      method: 'PUT',
      url: `/api/user/${await target(t)}/status`,
      payload: { isActive: false },
    }),
  },
  {
    route: 'DELETE /api/user/{id}',
    allowed: ADMIN_ONLY,
    ok: 204,
    request: async (t) => ({ method: 'DELETE', url: `/api/user/${await target(t)}` }),
  },
  {
    route: 'POST /api/user/{id}/password-link',
    allowed: ADMIN_ONLY,
    ok: 201,
    request: async (t) => ({ method: 'POST', url: `/api/user/${await target(t)}/password-link` }),
  },
  {
    route: 'POST /api/user/{id}/invitation',
    allowed: ADMIN_ONLY,
    ok: 201,
    request: async (t) => ({ method: 'POST', url: `/api/user/${await target(t)}/invitation` }),
  },
  {
    route: 'GET /api/auth/options',
    allowed: 'anyone',
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/auth/options' }),
  },
  {
    route: 'GET /api/useraccess',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/useraccess' }),
  },
  {
    route: 'POST /api/useraccess/grant',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({
      method: 'POST',
      url: '/api/useraccess/grant',
      payload: { email: `grant-${++seq}@example.com`, notes: 'User created: X', role: 0 },
    }),
  },
  {
    route: 'POST /api/useraccess/revoke',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => {
      const id = await target(t);
      return {
        method: 'POST',
        url: '/api/useraccess/revoke',
        payload: { email: (await t.users.findById(id))!.email },
      };
    },
  },
  {
    route: 'POST /api/sync/execute',
    allowed: LEAD_EDITORS, // SYNC_ROLES' default
    ok: 200,
    request: () => ({
      method: 'POST',
      url: '/api/sync/execute',
      payload: { startDate: '2025-01-01', endDate: '2025-01-31' },
    }),
  },
  {
    route: 'GET /api/sync/status',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/sync/status' }),
  },
  {
    route: 'GET /api/sync/history',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/sync/history' }),
  },
  {
    route: 'GET /api/leads',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/leads?excludeCalendarNotFormatted=false' }),
  },
  {
    route: 'GET /api/leads/calendar-not-formatted',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/leads/calendar-not-formatted' }),
  },
  {
    route: 'GET /api/leads/summary',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/leads/summary' }),
  },
  {
    route: 'GET /api/leads/{id}',
    allowed: SIGNED_IN,
    ok: 200,
    request: async (t) => ({ method: 'GET', url: `/api/leads/${await someLead(t)}` }),
  },
  {
    route: 'POST /api/leads',
    allowed: LEAD_EDITORS,
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/leads', payload: { customerName: 'Walk-in customer' } }),
  },
  {
    route: 'POST /api/leads/import/preview',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: () =>
      importRequest('/api/leads/import/preview', { name: 'leads.csv', content: 'Customer Name\nAnn\n' }),
  },
  {
    route: 'POST /api/leads/import',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: () => importRequest('/api/leads/import', { name: 'leads.csv', content: 'Customer Name\nAnn\n' }),
  },
  {
    route: 'PUT /api/leads/{id}',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => ({ method: 'PUT', url: `/api/leads/${await someLead(t)}`, payload: wholeLead }),
  },
  {
    route: 'PATCH /api/leads/{id}',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => ({
      method: 'PATCH',
      url: `/api/leads/${await someLead(t)}`,
      payload: { status: 'Completed' },
    }),
  },
  {
    route: 'DELETE /api/leads/{id}',
    allowed: LEAD_EDITORS,
    ok: 204,
    request: async (t) => ({ method: 'DELETE', url: `/api/leads/${await someLead(t)}` }),
  },
  {
    route: 'POST /api/leads/{id}/office-values/{field}',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/leads/${await editedCalendarLead(t)}/office-values/status`,
      payload: { use: 'calendar' },
    }),
  },
  {
    route: 'POST /api/leads/{id}/calendar-deletion',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: `/api/leads/${await editedCalendarLead(t, true)}/calendar-deletion`,
      payload: { use: 'office' },
    }),
  },
  {
    route: 'POST /api/leads/{id}/restore',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => {
      const id = await someLead(t);
      await t.leads.softDelete(id);
      return { method: 'POST', url: `/api/leads/${id}/restore` };
    },
  },
  {
    route: 'POST /api/leads/bulk',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/leads/bulk',
      payload: { leads: [{ id: await someLead(t), version: 1 }], change: { status: 'Completed' } },
    }),
  },
  {
    route: 'POST /api/leads/merge',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/leads/merge',
      payload: {
        leads: [
          { id: await someLead(t), version: 1 },
          { id: await someLead(t), version: 1 },
        ],
      },
    }),
  },
  {
    route: 'POST /api/lead-actions/{id}/undo',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: async (t) => {
      const id = await someLead(t);
      const done = await createLeadActions(t.db).bulk.apply({ leads: [{ id, version: 1 }], delete: true }, 1);
      return {
        method: 'POST',
        url: `/api/lead-actions/${done.kind === 'done' ? done.result.action.id : 0}/undo`,
      };
    },
  },
  {
    route: 'GET /api/leads/changed-by-run/{id}',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/leads/changed-by-run/1' }),
  },
  {
    route: 'GET /api/leads/{id}/history',
    allowed: SIGNED_IN,
    ok: 200,
    request: async (t) => ({ method: 'GET', url: `/api/leads/${await someLead(t)}/history` }),
  },
  {
    route: 'GET /api/leads/duplicates',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/leads/duplicates' }),
  },
  {
    route: 'POST /api/leads/duplicates/dismissals',
    allowed: LEAD_EDITORS,
    ok: 204,
    request: async (t) => ({
      method: 'POST',
      url: '/api/leads/duplicates/dismissals',
      payload: { a: await someLead(t), b: await someLead(t) },
    }),
  },
  {
    route: 'DELETE /api/leads/duplicates/dismissals',
    allowed: LEAD_EDITORS,
    ok: 204,
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/leads/duplicates/dismissals?a=${await someLead(t)}&b=${await someLead(t)}`,
    }),
  },
  {
    route: 'GET /api/business',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/business' }),
  },
  {
    route: 'GET /api/dashboard/stats',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/dashboard/stats' }),
  },
  {
    route: 'GET /api/leads/grid-data',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/leads/grid-data?startDate=2025-01-01&endDate=2025-01-31' }),
  },
  {
    route: 'GET /api/scheduling/auditors',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/scheduling/auditors' }),
  },
  {
    route: 'GET /api/scheduling/dashboard',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/scheduling/dashboard?months=12' }),
  },
  {
    route: 'GET /api/scheduling/performance',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/scheduling/performance?timeframe=quarter' }),
  },
  {
    route: 'GET /api/scheduling/categories',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/scheduling/categories?timeframe=year' }),
  },
  {
    route: 'GET /api/scheduling/analytics',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/scheduling/analytics?timeframe=bimonth' }),
  },
  {
    route: 'GET /api/scheduling/agenda',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({
      method: 'GET',
      url: '/api/scheduling/agenda?auditor=Sam%20Rivera&from=2025-03-03&to=2025-03-09',
    }),
  },
  {
    route: 'GET /api/scheduling/agenda.ics',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({
      method: 'GET',
      url: '/api/scheduling/agenda.ics?auditor=Sam%20Rivera&from=2025-03-03&to=2025-03-03',
    }),
  },
  {
    route: 'GET /api/scheduling/agenda/feeds',
    allowed: LEAD_EDITORS,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/scheduling/agenda/feeds' }),
  },
  {
    route: 'POST /api/scheduling/agenda/feeds',
    allowed: LEAD_EDITORS,
    ok: 201,
    request: () => ({
      method: 'POST',
      url: '/api/scheduling/agenda/feeds',
      payload: { auditor: 'Sam Rivera' },
    }),
  },
  {
    route: 'DELETE /api/scheduling/agenda/feeds/{id}',
    allowed: LEAD_EDITORS,
    ok: 204,
    request: async (t) => ({
      method: 'DELETE',
      url: `/api/scheduling/agenda/feeds/${(await someFeed(t)).feed.id}`,
    }),
  },
  {
    route: 'GET /api/agenda-feed/{token}',
    allowed: 'anyone',
    ok: 200,
    request: async (t) => ({ method: 'GET', url: `/api/agenda-feed/${(await someFeed(t)).token}` }),
  },
  {
    route: 'GET /api/resources/cloudflare',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/resources/cloudflare' }),
  },
  {
    route: 'GET /api/resources/redis',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/resources/redis' }),
  },
  {
    route: 'GET /api/notifications',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/notifications?page=1&pageSize=10' }),
  },
  {
    route: 'POST /api/notifications/read',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'POST', url: '/api/notifications/read', payload: { all: true } }),
  },
  {
    route: 'GET /api/preferences',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/preferences' }),
  },
  {
    route: 'PUT /api/preferences',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'PUT', url: '/api/preferences', payload: { sidebarPinned: true } }),
  },
  {
    route: 'GET /api/views',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/views' }),
  },
  {
    route: 'POST /api/views',
    allowed: SIGNED_IN,
    ok: 201,
    request: () => ({
      method: 'POST',
      url: '/api/views',
      payload: { name: `Mine ${++seq}`, state: standardViewState() },
    }),
  },
  {
    route: 'PATCH /api/views/{id}',
    allowed: SIGNED_IN,
    ok: 200,
    request: async (t, caller) => ({
      method: 'PATCH',
      url: `/api/views/${await ownView(t, caller)}`,
      payload: { name: `Renamed ${++seq}` },
    }),
  },
  {
    route: 'DELETE /api/views/{id}',
    allowed: SIGNED_IN,
    ok: 204,
    request: async (t, caller) => ({ method: 'DELETE', url: `/api/views/${await ownView(t, caller)}` }),
  },
  {
    route: 'PUT /api/views/default',
    allowed: SIGNED_IN,
    ok: 200,
    request: async (t) => ({
      method: 'PUT',
      url: '/api/views/default',
      payload: { viewId: await someSharedView(t) },
    }),
  },
  {
    route: 'GET /api/releases',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/releases' }),
  },
  {
    route: 'POST /api/releases/{remote}/promote',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/releases/remote_sync/promote',
      payload: { version: (await publishedRelease(t, 'remote_sync')).version },
    }),
  },
  {
    route: 'POST /api/releases/{remote}/rollback',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => {
      await publishedRelease(t, 'remote_admin', { live: true });
      return { method: 'POST', url: '/api/releases/remote_admin/rollback' };
    },
  },
  {
    route: 'POST /api/releases/load-errors',
    allowed: SIGNED_IN,
    ok: 204,
    request: () => ({
      method: 'POST',
      url: '/api/releases/load-errors',
      payload: {
        remote: 'remote_leads',
        version: null,
        phase: 'entry',
        error: 'Failed to fetch',
        route: '/leads',
      },
    }),
  },
  {
    route: 'POST /api/releases/page-loads',
    allowed: SIGNED_IN,
    ok: 204,
    request: () => ({
      method: 'POST',
      url: '/api/releases/page-loads',
      payload: { remote: 'remote_leads', version: null },
    }),
  },
  {
    route: 'GET /api/releases/mine',
    allowed: SIGNED_IN,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/releases/mine' }),
  },
  {
    route: 'POST /api/releases/{remote}/stage',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => {
      const { releases, stages } = releaseServicesOf(t);
      if ((await releases.state()).remote_scheduling.stage) await stages.abort('remote_scheduling', 'matrix');
      await publishedRelease(t, 'remote_scheduling', { live: true });
      const { version } = await publishedRelease(t, 'remote_scheduling');
      return {
        method: 'POST',
        url: '/api/releases/remote_scheduling/stage',
        payload: { version, audience: { kind: 'share', share: 10 } },
      };
    },
  },
  {
    route: 'POST /api/releases/{remote}/advance',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => {
      await stagedRelease(t, 'remote_leads');
      return { method: 'POST', url: '/api/releases/remote_leads/advance' };
    },
  },
  {
    route: 'POST /api/releases/{remote}/abort',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => {
      await stagedRelease(t, 'remote_leads');
      return { method: 'POST', url: '/api/releases/remote_leads/abort' };
    },
  },
  {
    route: 'POST /api/releases/{remote}/preview',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/releases/remote_admin/preview',
      payload: { version: (await publishedRelease(t, 'remote_admin')).version },
    }),
  },
  {
    route: 'DELETE /api/releases/{remote}/preview',
    allowed: SIGNED_IN,
    ok: 204,
    request: async (t, caller) => {
      // whoever is signed in leaves their own preview (only an Admin starts one: set up directly)
      const { previews } = releaseServicesOf(t);
      const version = (await publishedRelease(t, 'remote_admin')).version;
      const me = await t.users.findByEmail(callerEmail(caller));
      if (caller !== 'anonymous' && me) await previews.start('remote_admin', version, me.id);
      return { method: 'DELETE', url: '/api/releases/remote_admin/preview' };
    },
  },
  {
    route: 'GET /api/backups',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/backups' }),
  },
  {
    route: 'POST /api/backups',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: () => ({ method: 'POST', url: '/api/backups' }),
  },
  {
    route: 'GET /api/backups/{name}/impact',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => ({ method: 'GET', url: `/api/backups/${await freshPoint(t)}/impact` }),
  },
  {
    route: 'POST /api/backups/restore',
    allowed: ADMIN_ONLY,
    ok: 200,
    request: async (t) => ({
      method: 'POST',
      url: '/api/backups/restore',
      payload: { point: await freshPoint(t) },
    }),
  },
  {
    route: 'GET /api/leads/import/{id}/leads',
    allowed: SIGNED_IN,
    ok: 200,
    request: async (t) => ({ method: 'GET', url: `/api/leads/import/${await someImport(t)}/leads` }),
  },
];
