import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder } from '../../platform/files/privateFolder';

const SECRET_FILE = 'jwt-secret';

/**
 * The signing key: JWT_SECRET when set, else one generated on first start and kept in
 * DATA_DIR so that sessions survive a restart.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, SECRET_FILE);
  if (!fs.existsSync(file)) {
    ensurePrivateFolder(dataDir);
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
