import fs from 'node:fs';
import type { Config } from '../../platform/config/loadConfig';
import { ensurePrivateFolder } from '../../platform/files/privateFolder';
import type { CalendarSource } from '../calendar/calendarEvent';
import { createCalendarSource } from '../calendar/calendarProviders';
import type { LeadsRepository } from '../leads/repository/leadsRepository';
import type { SyncDependencies } from './engine/runSync';
import { generateDemoCalendar } from './demo/generateDemoCalendar';
import { createGoogleAuth, type GoogleAuthClient } from '../../platform/google/googleAuth';
import { createGoogleSheetsSpreadsheet } from './spreadsheet/googleSheetsSpreadsheet';
import type { SpreadsheetSink } from './spreadsheet/spreadsheetSink';
import { createXlsxSpreadsheet } from './spreadsheet/xlsxSpreadsheet';
import { createParsedEventsMemo } from './engine/runLeads/parsedEventsMemo';

/** Writes the demo calendar once, on the first start; it is kept from then on. */
export function ensureDemoCalendar(config: Config, today = new Date()): boolean {
  if (!config.calendar.isDemo || fs.existsSync(config.calendar.ics)) return false;
  ensurePrivateFolder(config.dataDir);
  fs.writeFileSync(
    config.calendar.ics,
    generateDemoCalendar({
      today,
      auditors: [config.auditors[0], config.auditors[1]],
      // a third configured auditor gets the demo's few other visits
      thirdAuditor: config.auditors[2],
    }),
  );
  return true;
}

/** What a run works with, as the settings name it: the calendar, the spreadsheet, the leads, the limits and the memory. */
export function createSyncDependencies(config: Config, leads: LeadsRepository): SyncDependencies {
  return {
    leads,
    ...createSyncAdapters(config),
    auditors: config.auditors,
    limits: config.calendarLimits,
    leadsInMemory: config.syncLeadsInMemory,
    // kept within what a run may hold in memory
    parsedEvents: createParsedEventsMemo(config.syncLeadsInMemory),
  };
}

/** The calendar and spreadsheet the settings name (one Google sign-in when both are Google's). */
function createSyncAdapters(config: Config): { source: CalendarSource; spreadsheet: SpreadsheetSink } {
  let google: GoogleAuthClient | null = null;
  const googleAuth = () => (google ??= createGoogleAuth(config.google));
  const spreadsheet =
    config.spreadsheet.kind === 'google'
      ? createGoogleSheetsSpreadsheet({
          auth: googleAuth(),
          spreadsheetId: config.spreadsheet.googleSheetsId!,
          rootUrl: config.google.apiRoot,
        })
      : createXlsxSpreadsheet(config.spreadsheet.path);
  return { source: createCalendarSource(config, googleAuth), spreadsheet };
}
