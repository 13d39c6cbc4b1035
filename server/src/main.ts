import { buildApp } from './app';
import { ensureBootstrapAdmin } from './auth/ensureBootstrapAdmin';
import { createPasswords } from './auth/passwords';
import { ConfigError } from './config/ConfigError';
import { loadConfig } from './config/loadConfig';
import { openDatabase } from './db/openDatabase';
import { ensurePrivateFolder } from './files/privateFolder';
import { startSync } from './sync/syncStartup';
import { createUsersRepository } from './users/usersRepository';

async function main() {
  const config = loadConfig();
  ensurePrivateFolder(config.dataDir);
  const db = await openDatabase(config);
  const admin = await ensureBootstrapAdmin(config, createUsersRepository(db), createPasswords());
  if (admin.kind === 'created-with-generated-password') {
    // Printed once, on the terminal only: the log stream never carries a password.
    process.stdout.write(
      `\n  First start: created the admin ${admin.email} with password ${admin.password}\n` +
        '  (shown only now; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n\n',
    );
  }

  const app = await buildApp({ config, db });
  const stopSchedule = await startSync(app, config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopSchedule();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Auditdesk could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
