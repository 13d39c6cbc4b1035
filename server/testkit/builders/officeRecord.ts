import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';

/**
 * The office's record as a drill compares it: every row of the tables that hold the business's
 * work and its people (not the sign-ins, runs' bookkeeping or notifications, which a restore
 * carries from the present or which change by signing in).
 */
export const RECORD_TABLES = [
  'leads',
  'lead_history',
  'lead_office_values',
  'lead_actions',
  'saved_views',
  'default_views',
  'user_preferences',
  'duplicate_dismissals',
] as const;

export async function officeRecord(db: Database): Promise<Record<string, unknown[]>> {
  const record: Record<string, unknown[]> = {};
  for (const table of RECORD_TABLES)
    record[table] = await db.all(sql.raw(`SELECT * FROM "${table}" ORDER BY 1, 2`));
  // people: everything but when they last signed in (the drill signs in again)
  record.users = await db.all(
    sql`SELECT id, email, full_name, role, password_hash, is_active, revoked_at, notes, created_at FROM users ORDER BY id`,
  );
  return record;
}
