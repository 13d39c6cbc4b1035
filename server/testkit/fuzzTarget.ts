import { leadCreate } from '@auditdesk/shared/core';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { FuzzTarget } from '../../scripts/fuzz/fuzzApi';
import type { OpenApiDocument } from '../../scripts/fuzz/operations';
import { signInEveryRole } from './roleSessions';
import { createTestApp, type TestApp } from './testApp';

const TABLES = [
  'users',
  'sessions',
  'refresh_tokens',
  'password_links',
  'leads',
  'leads_staging',
  'sync_runs',
  'data_versions',
  'notifications',
  'notification_reads',
  'user_preferences',
  'saved_views',
  'default_views',
];
const THROWAWAYS = 8;

const day = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/**
 * The real app over a fresh database, with an account per role and throwaway users and
 * leads for the fuzzer to change: ids and e-mails it generates name those, never the
 * accounts it calls with.
 */
export async function createFuzzTarget(): Promise<{
  t: TestApp;
  target: FuzzTarget;
  document: OpenApiDocument;
}> {
  const t = await createTestApp({
    LOG_LEVEL: 'silent',
    // a long fuzz outlasts the usual 15 minutes of an access token
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_EMAIL: '1000000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
  });
  const tokens = await signInEveryRole(t);
  const users: { id: number; email: string }[] = [];
  const leads: { id: number }[] = [];
  for (let i = 0; i < THROWAWAYS; i += 1) {
    users.push(
      await t.users.create({
        email: `throwaway-${i}@fuzz.example`,
        fullName: `Throwaway ${i}`,
        role: 'User',
      }),
    );
    leads.push(
      await t.leads.create(
        leadCreate.parse({
          customerName: `Lead ${i}`,
          auditor: 'Sam Rivera',
          houseType: 'Single Family',
          status: 'Scheduled',
          scheduledDate: '2025-03-04T14:00:00.000Z',
        }),
      ),
    );
  }
  const ids = (rows: { id: number }[]) => fc.constantFrom(...rows.map((row) => String(row.id)));
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;

  const target: FuzzTarget = {
    tokens,
    pools: {
      pathValues: (path) => (path.startsWith('/api/leads') ? ids(leads) : ids(users)),
      fields: {
        email: fc.oneof(fc.constantFrom(...users.map((user) => user.email)), fc.emailAddress()),
        startDate: day,
        endDate: day,
        StartDate: day,
        EndDate: day,
      },
    },
    async send(request, token) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      let payload: string | undefined;
      if (request.body && 'json' in request.body) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(request.body.json) ?? 'null';
      } else if (request.body) {
        headers['content-type'] = request.body.contentType;
        payload = request.body.raw;
      }
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      return {
        status: response.statusCode,
        contentType: String(response.headers['content-type'] ?? ''),
        body: response.body,
      };
    },
    async digest() {
      const hash = createHash('sha256');
      for (const table of TABLES)
        hash.update(JSON.stringify(await t.db.all(sql.raw(`SELECT * FROM ${table} ORDER BY rowid`))));
      return hash.digest('base64url');
    },
  };
  return { t, target, document };
}
