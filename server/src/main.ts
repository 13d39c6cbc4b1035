import { ConfigError } from './platform/config/ConfigError';
import { loadConfig } from './platform/config/loadConfig';
import { ensurePrivateFolder } from './platform/files/privateFolder';
import { PortUnavailable, reservePort } from './platform/startup/reservePort';
import { startMessage } from './platform/startup/startBox';
import { startSync } from './features/sync/syncStartup';
import { openApp } from './openApp';

async function main() {
  const config = loadConfig();
  // first of all: a port in use stops the start before anything is created
  const port = await reservePort(config.port, config.host);
  ensurePrivateFolder(config.dataDir);
  const {
    app,
    services,
    admin,
    close: closeApp,
  } = await openApp(config, {
    terminal: Boolean(process.stdout.isTTY),
  });
  const stopSchedule = await startSync(services.sync, config, app.log);
  const stopBackups = services.backups.schedule();
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopSchedule();
    stopBackups();
    await closeApp();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ handle: port.handle, host: config.host } as never);
  port.handedOver();
  // the log's own lines about listening go out first (a terminal's log is a stream)
  await new Promise((resolve) => setImmediate(resolve));
  // after the server listens, so the address works; on the terminal only: the log never carries a password
  process.stdout.write(
    startMessage(
      config.publicOrigin,
      admin.kind === 'created-with-generated-password'
        ? { email: admin.email, password: admin.password }
        : null,
    ),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof PortUnavailable) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Auditdesk could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
