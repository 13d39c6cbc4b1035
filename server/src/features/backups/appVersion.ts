import fs from 'node:fs';
import path from 'node:path';

/** The server package's version, written into every snapshot it takes. */
export const APP_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { version: string }
).version;
