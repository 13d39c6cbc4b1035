// `pnpm users reset-password <email>`: a fresh one-time link to set the password of an
// account, for the owner who lost the first password (or anyone an admin cannot reach).
// It reads the server's settings (DATA_DIR, DATABASE…) as the server and `pnpm sync` do.
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config/loadConfig';
import { openServices } from '../openServices';
import { runCommand } from './runCommand';

const USAGE = 'usage: pnpm users reset-password <email>';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  const [command, email, ...rest] = positionals;
  if (values.help) return (console.log(USAGE), 0);
  if (command !== 'reset-password' || !email || rest.length > 0) return (console.error(USAGE), 2);

  const config = loadConfig();
  const services = await openServices(config);
  const { users, passwordLinks } = services;
  try {
    const user = await users.findByEmail(email);
    if (!user) return (console.error(`No account has the e-mail ${email}.`), 1);
    if (!user.isActive)
      return (console.error(`${user.email} has no access: restore it on the User Management page first.`), 1);
    const { token, expiresAt } = await passwordLinks.create(user.id);
    const url = new URL('/set-password', config.publicOrigin);
    url.searchParams.set('token', token);
    console.log(
      `A link to set the password of ${user.email} (valid once, until ${expiresAt}; older links no longer work):\n\n  ${url.href}\n`,
    );
    return 0;
  } finally {
    await services.close();
  }
}

runCommand(main);
