import fs from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOC, configurationDoc } from './configurationDoc';

/** `pnpm write-docs`: writes the documents that are derived from the code. */
function writeDocs(): void {
  fs.mkdirSync(path.dirname(CONFIGURATION_DOC), { recursive: true });
  fs.writeFileSync(CONFIGURATION_DOC, configurationDoc());
  console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_DOC)}`);
}

writeDocs();
