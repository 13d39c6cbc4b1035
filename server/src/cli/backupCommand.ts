// `pnpm backup` takes a restore point now (SQLite: a verified snapshot, copied to BACKUP_S3_URL;
// D1: a Time Travel bookmark) and prints it; `pnpm backup list` lists them all; on D1 with a
// bucket, `pnpm backup export` exports the database off Cloudflare and `pnpm backup sql` writes
// an export's SQL to a file. It reads the server's settings as the server does (DESIGN.md
// section 22, docs/operations.md).
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config/loadConfig';
import { openServices } from '../openServices';
import { backUpCommand, exportCommand, exportSqlCommand, listCommand } from './backupCommands';
import { runCommand } from './runCommand';

const USAGE = [
  'usage: pnpm backup                    (a restore point now)',
  '       pnpm backup list               (every restore point, and the exports of D1)',
  '       pnpm backup export             (D1 with BACKUP_S3_URL: an export off Cloudflare now)',
  "       pnpm backup sql <name> <file>  (D1: an export's SQL, to rebuild the database elsewhere)",
].join('\n');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help) return (console.log(USAGE), 0);
  const [action, ...rest] = positionals;
  const arity: Record<string, number> = { list: 0, export: 0, sql: 2 };
  if (action !== undefined && arity[action] !== rest.length) return (console.error(USAGE), 2);
  const services = await openServices(loadConfig());
  try {
    const print = (line: string) => console.log(line);
    if (action === 'list') return await listCommand(services.backups, print);
    if (action === 'export') return await exportCommand(services.backups, print);
    if (action === 'sql') return await exportSqlCommand(services.backups, rest[0]!, rest[1]!, print);
    return await backUpCommand(services.backups, print);
  } finally {
    await services.close();
  }
}

runCommand(main, (error) => (error instanceof Error ? error.message : error));
