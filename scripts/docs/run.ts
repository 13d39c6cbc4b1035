import fs from 'node:fs';
import path from 'node:path';
import { API_DOC, apiDoc } from './apiDoc';
import { CONFIGURATION_DOC, configurationDoc } from './configurationDoc';

/** `pnpm write-docs`: writes the documents that are derived from the code. */
function writeDocs(): void {
  fs.mkdirSync(path.dirname(CONFIGURATION_DOC), { recursive: true });
  fs.writeFileSync(CONFIGURATION_DOC, configurationDoc());
  fs.writeFileSync(API_DOC, apiDoc(fs.readFileSync(API_DOC, 'utf8')));
  for (const file of [CONFIGURATION_DOC, API_DOC]) console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

writeDocs();
