import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import fs from 'node:fs';
import path from 'node:path';

const COLUMNS = [
  'uid',
  'start',
  'end',
  'summary',
  'location',
  'status',
  'auditor',
  'houseType',
  'fuel',
  'provider',
  'phone',
  'description',
];
const LINES: Record<string, string> = {
  auditor: 'auditor',
  'house type': 'houseType',
  fuel: 'fuel',
  provider: 'provider',
  phone: 'phone',
};

/**
 * The sync's peer (issue 39): the same job as a plain script would do it, one step after the
 * other, none of the guarantees — ical.js parses the calendar and each event's fields are read
 * (its description's `Key: value` lines split out), ExcelJS's streaming writer writes the
 * rows to an .xlsx, better-sqlite3 inserts them in one transaction with a prepared statement.
 * Writes `leads.xlsx` and `leads.sqlite` into `dir`; answers how many rows it wrote.
 */
export async function plainSyncScript(icsFile: string, dir: string): Promise<number> {
  const calendar = new ICAL.Component(ICAL.parse(fs.readFileSync(icsFile, 'utf8')));
  const rows = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const value = (name: string) => vevent.getFirstPropertyValue(name);
    const start = value('dtstart') as ICAL.Time;
    const end = value('dtend') as ICAL.Time | null;
    const description = String(value('description') ?? '');
    const row: Record<string, string> = {
      uid: String(value('uid')),
      start: start.toJSDate().toISOString(),
      end: end?.toJSDate().toISOString() ?? '',
      summary: String(value('summary') ?? ''),
      location: String(value('location') ?? ''),
      status: String(value('status') ?? 'CONFIRMED'),
      description,
    };
    for (const line of description.split('\n')) {
      const colon = line.indexOf(':');
      const column = LINES[line.slice(0, colon).trim().toLowerCase()];
      if (colon > 0 && column) row[column] = line.slice(colon + 1).trim();
    }
    return COLUMNS.map((column) => row[column] ?? '');
  });

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'leads.xlsx') });
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(COLUMNS).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();

  const db = new Database(path.join(dir, 'leads.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec(
    `CREATE TABLE IF NOT EXISTS leads (${COLUMNS.map((column) => `"${column}" TEXT`).join(', ')}, PRIMARY KEY (uid))`,
  );
  const insert = db.prepare(`INSERT OR REPLACE INTO leads VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  db.transaction(() => rows.forEach((row) => insert.run(row)))();
  db.close();
  return rows.length;
}
