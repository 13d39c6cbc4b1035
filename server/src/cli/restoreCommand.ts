// `pnpm restore <name>` puts the database back to a restore point (`pnpm backup list`);
// `pnpm restore --at "2026-11-27 10:40"` to the newest point at or before that time (D1: the
// minute itself; times in CALENDAR_TIMEZONE, or ISO 8601 with an offset). The database of now is
// kept as a point first, so a restore is undone by restoring that one. Works with only the
// settings on a new machine: points only in the bucket (BACKUP_S3_URL) are downloaded.
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config/loadConfig';
import { openServices } from '../openServices';
import { parseRestoreTime, restoreCommand } from './backupCommands';
import { runCommand } from './runCommand';

const USAGE =
  'usage: pnpm restore <name>\n       pnpm restore --at "YYYY-MM-DD HH:MM"   (or an ISO 8601 time with its offset)';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { at: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return (console.log(USAGE), 0);
  if (positionals.length + (values.at === undefined ? 0 : 1) !== 1) return (console.error(USAGE), 2);
  const config = loadConfig();
  let target: { point: string } | { at: Date };
  if (values.at !== undefined) {
    const at = parseRestoreTime(values.at, config.calendar.timeZone);
    if (!at)
      return (
        console.error(`--at: expected "YYYY-MM-DD HH:MM" or ISO 8601 (got "${values.at}")\n${USAGE}`),
        2
      );
    target = { at };
  } else target = { point: positionals[0]! };
  const services = await openServices(config);
  try {
    return await restoreCommand(services.backups, target, (line) => console.log(line));
  } finally {
    await services.close();
  }
}

runCommand(main, (error) => (error instanceof Error ? error.message : error));
