import type { RestorePoint } from '@auditdesk/shared/core';
import os from 'node:os';
import { RestorePointNotFound, RestoreRefused } from '../features/backups/backupEngine';
import type { Backups } from '../features/backups/backupServices';
import { SyncAlreadyRunning, SyncLockUnavailable } from '../features/sync/syncService';
import { wallClockToUtc } from '../platform/time/timezones';

/** Who acts from the command line, as the record and the bells name them. */
export const commandLineUser = () => `command line (${os.userInfo().username}@${os.hostname()})`;

const megabytes = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function where(point: RestorePoint): string {
  const places = [
    point.local ? 'this machine' : null,
    point.offsite === 'copied' ? 'the bucket' : null,
  ].filter(Boolean);
  if (point.offsite === 'copying') places.push('copying to the bucket');
  if (point.offsite === 'failed') places.push(`NOT in the bucket (${point.offsiteProblem})`);
  return places.join(' + ') || 'D1 Time Travel';
}

const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');

/**
 * "2026-11-27 10:40" (the business's time zone, CALENDAR_TIMEZONE, as every screen shows
 * times) or an ISO 8601 instant with its offset; null when it is neither.
 */
export function parseRestoreTime(text: string, timeZone: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (local) {
    const [, year, month, day, hour, minute, second] = local.map(Number) as number[];
    return new Date(
      wallClockToUtc(
        { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second ?? 0 },
        timeZone,
      ),
    );
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text.trim())) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** `pnpm backup`: a restore point now, printed with its name, size and counts. */
export async function backUpCommand(backups: Backups, print: (line: string) => void): Promise<number> {
  const { point, unchanged } = await backups.backUpNow(commandLineUser());
  await backups.settled();
  const after = (await backups.overview()).points.find((entry) => entry.name === point.name) ?? point;
  print(
    unchanged
      ? `Nothing changed since ${point.name}: no new snapshot (${megabytes(point.sizeBytes)}, ${where(after)}).`
      : `${point.name}  ${megabytes(point.sizeBytes)}  ${point.verification}\n  ${countsText(point.counts)}\n  kept on ${where(after)}`,
  );
  return after.offsite === 'failed' ? 1 : 0;
}

/** `pnpm backup export` (D1 with BACKUP_S3_URL): the database exported off Cloudflare now, into the bucket. */
export async function exportCommand(backups: Backups, print: (line: string) => void): Promise<number> {
  try {
    const made = await backups.exportNow();
    print(
      `${made.name}  ${megabytes(made.sizeBytes)}  ${made.verification}\n  ${countsText(made.counts)}\n  kept in ${(await backups.overview()).offsite?.target ?? 'the bucket'}`,
    );
    return 0;
  } catch (error) {
    return (print(`Not exported: ${error instanceof Error ? error.message : String(error)}`), 1);
  }
}

/** `pnpm backup sql <name> <file>` (D1): an export's SQL written to a file, to rebuild the database elsewhere. */
export async function exportSqlCommand(
  backups: Backups,
  name: string,
  into: string,
  print: (line: string) => void,
): Promise<number> {
  try {
    const written = await backups.exportSql(name, into);
    print(
      `${into}: the SQL of ${written.name} (${written.reason}); rebuild with: wrangler d1 execute <database> --remote --file ${into}`,
    );
    return 0;
  } catch (error) {
    return (print(`Not written: ${error instanceof Error ? error.message : String(error)}`), 1);
  }
}

/** `pnpm backup list`: every restore point, with its reason, time, size, check and place. */
export async function listCommand(backups: Backups, print: (line: string) => void): Promise<number> {
  const overview = await backups.overview();
  if (overview.points.length === 0) print('No restore point yet: pnpm backup takes one.');
  for (const point of overview.points)
    print(
      `${point.name}  ${point.at}  ${megabytes(point.sizeBytes)}  ${point.kind}: ${point.reason}\n  ${point.verification}; ${where(point)}`,
    );
  for (const failed of overview.failed) print(`FAILED ${failed.name} (not offered): ${failed.problem}`);
  for (const made of overview.exports ?? [])
    print(
      `${made.name}  ${made.at}  ${megabytes(made.sizeBytes)}  export off Cloudflare: ${made.reason}\n  ${made.verification}; the bucket (pnpm backup sql ${made.name} <file>)`,
    );
  if (overview.timeTravelDays)
    print(
      `D1 also restores to any minute of the last ${overview.timeTravelDays} days: pnpm restore --at "…"`,
    );
  return 0;
}

/** `pnpm restore <name | --at time>`: the restore, printed step by step. */
export async function restoreCommand(
  backups: Backups,
  target: { point: string } | { at: Date },
  print: (line: string) => void,
): Promise<number> {
  print(
    `Restoring ${'point' in target ? target.point : `the database as it was at ${target.at.toISOString()}`}…`,
  );
  try {
    const record = await backups.restore(target, commandLineUser());
    await backups.settled();
    print(`Restored ${record.point} (${record.pointReason}).`);
    if (record.migrated.length > 0) print(`  migrated forward: ${record.migrated.join(', ')}`);
    print(
      `  The database before it is kept as ${record.undoPoint}: pnpm restore ${record.undoPoint} undoes this.`,
    );
    return 0;
  } catch (error) {
    if (
      error instanceof RestorePointNotFound ||
      error instanceof RestoreRefused ||
      error instanceof SyncAlreadyRunning ||
      error instanceof SyncLockUnavailable
    )
      return (print(`Not restored: ${error.message}`), 1);
    throw error;
  }
}
