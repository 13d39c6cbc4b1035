import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/platform/db/openDatabase';
import type { LeadRecord } from '../../src/features/leads/record/leadRecord';
import { weekOfMonth } from '../../src/features/leads/record/weekOfMonth';
import { lead } from '../builders/leads';
import { syncLeads } from '../builders/syncLeads';

const AUDITORS = ['Sam Rivera', 'Alex Chen', 'Pat Morgan'];
const HOUSES = ['Single Family', '2 Family', '3 Family', '4 Family'];
const FUELS = ['Gas', 'Oil', 'Propane', 'Electricity'];
const NAMES = [
  'Jane Doe',
  'Tom Lee',
  'Maria Santos',
  'Kevin Murphy',
  'Aisha Patel',
  'Luis Garcia',
  'Grace Kim',
];

/**
 * `count` formatted leads spread evenly over 2024–2025 with varied auditors (the two
 * default ones and a third), houses, fuels, providers, statuses and referrers.
 */
export function benchLeads(count: number): LeadRecord[] {
  const days = 731;
  return Array.from({ length: count }, (_, index) => {
    const day = Math.floor((index * days) / count);
    const date = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + (13 + (index % 6)) * 3_600_000);
    return lead({
      leadId: `bench-${index}`,
      customerName: `${NAMES[index % NAMES.length]} ${index}`,
      auditor: AUDITORS[index % 3]!,
      scheduledDate: date.toISOString(),
      week: weekOfMonth(date),
      houseType: HOUSES[index % 4]!,
      heatingFuel: FUELS[(index >> 2) % 4]!,
      provider: index % 5 ? 'National Grid' : 'EverSource',
      status: index % 12 === 0 ? 'Cancelled' : index % 3 ? 'Completed' : 'Scheduled',
      referredBy: index % 4 ? '' : 'Friend',
      comments: index % 3 ? '' : 'side door, dog on site',
    });
  });
}

/** A data folder whose database holds `count` bench leads; the caller removes `dir`. */
export async function seededDataDir(count: number): Promise<{ dir: string; databasePath: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-bench-data-'));
  const databasePath = path.join(dir, 'auditdesk.db');
  const db = await openDatabase({ databasePath });
  await syncLeads({ db }, benchLeads(count), { from: 0, to: 0 }, new Date().toISOString());
  await db.close();
  return { dir, databasePath };
}
