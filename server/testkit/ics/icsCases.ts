import fs from 'node:fs';
import path from 'node:path';

/** The minimal calendars of server/test/fixtures/ics-cases, one per reading rule. */
export const ICS_CASES = path.resolve(__dirname, '../../test/fixtures/ics-cases');
/** Calendars that attack the sync (server/test/fixtures/hostile). */
export const HOSTILE_ICS = path.resolve(__dirname, '../../test/fixtures/hostile');

export const icsCase = (name: string) => fs.readFileSync(path.join(ICS_CASES, name), 'utf8');
export const hostileIcs = (name: string) => fs.readFileSync(path.join(HOSTILE_ICS, name), 'utf8');
export const icsCaseNames = () => fs.readdirSync(ICS_CASES).filter((name) => name.endsWith('.ics'));
