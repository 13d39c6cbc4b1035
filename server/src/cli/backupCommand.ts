// `pnpm backup` takes a restore point now (SQLite: a verified snapshot, copied to BACKUP_S3_URL;
// D1: a Time Travel bookmark) and prints it; `pnpm backup list` lists them all. It reads the
// server's settings as the server does (DESIGN.md section 22, docs/operations.md).
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config/loadConfig';
import { openServices } from '../openServices';
import { backUpCommand, listCommand } from './backupCommands';
import { runCommand } from './runCommand';

const USAGE =
  'usage: pnpm backup        (a restore point now)\n       pnpm backup list   (every restore point)';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  if (values.help) return (console.log(USAGE), 0);
  const [action, ...rest] = positionals;
  if (rest.length > 0 || (action !== undefined && action !== 'list')) return (console.error(USAGE), 2);
  const services = await openServices(loadConfig());
  try {
    const print = (line: string) => console.log(line);
    return action === 'list'
      ? await listCommand(services.backups, print)
      : await backUpCommand(services.backups, print);
  } finally {
    await services.close();
  }
}

runCommand(main, (error) => (error instanceof Error ? error.message : error));
