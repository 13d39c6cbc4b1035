import fs from 'node:fs';
import { CONFIGURATION_DOC, configurationDoc } from './configurationDoc';

describe('docs/configuration.md', () => {
  it('is what the settings schema says (run `pnpm write-docs` after changing a setting)', () => {
    expect(fs.readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(configurationDoc());
  });
});
