import fs from 'node:fs';
import path from 'node:path';

/** The real-world calendar files in ../shared/fixtures/ics (read in place, never copied). */
export const ICS_FIXTURES = path.resolve(__dirname, '../../../../shared/fixtures/ics');

export function icsFixture(name: string): string {
  return fs.readFileSync(path.join(ICS_FIXTURES, name), 'utf8');
}

export function icsFixtureNames(): string[] {
  return fs.readdirSync(ICS_FIXTURES).filter((name) => name.endsWith('.ics'));
}
