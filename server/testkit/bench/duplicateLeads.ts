import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/platform/db/openDatabase';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';
import { syncLeads } from '../builders/syncLeads';
import { benchLeads } from './benchLeads';

const PHONE_FORMATS = [
  (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
  (digits: string) => `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
  (digits: string) => `+1 ${digits}`,
];

/**
 * The bench leads with their own phone, e-mail and address each, and a share of households
 * that come back: every 20th lead has the phone of the one before (written another way),
 * every 25th its e-mail (in capitals), every 30th its name and address.
 */
export function duplicateBenchLeads(count: number): LeadRecord[] {
  const leads = benchLeads(count).map((lead, index) => {
    const digits = String(6_170_000_000 + index * 7);
    return {
      ...lead,
      phoneNumber: PHONE_FORMATS[index % 3]!(digits),
      email: `customer${index}@example.com`,
      address: `${index} Main Street, Boston`,
    };
  });
  for (let index = 1; index < count; index += 1) {
    const before = leads[index - 1]!;
    const lead = leads[index]!;
    if (index % 20 === 0) lead.phoneNumber = before.phoneNumber.replace(/\D/g, '');
    if (index % 25 === 0) lead.email = before.email.toUpperCase();
    if (index % 30 === 0) Object.assign(lead, { customerName: before.customerName, address: before.address });
  }
  return leads;
}

/** A data folder whose database holds `count` such leads; the caller removes `dir`. */
export async function duplicatesDataDir(count: number): Promise<{ dir: string; databasePath: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-duplicates-'));
  const databasePath = path.join(dir, 'auditdesk.db');
  const db = await openDatabase({ databasePath });
  await syncLeads({ db }, duplicateBenchLeads(count), { from: 0, to: 0 }, new Date().toISOString());
  await db.close();
  return { dir, databasePath };
}
