import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { hostMantine } = require('./splitMantine.cjs') as {
  hostMantine: (esm: string) => {
    reached: Set<string>;
    publicFile: Map<string, string>;
    internal: Map<string, [string, string][]>;
  };
};

const ESM = path.join(fs.realpathSync(path.join(ROOT, 'host/node_modules/@mantine/core')), 'esm');
const split = hostMantine(ESM);
const file = (relative: string) => path.join(ESM, relative);

describe('the Mantine files a remote takes from the host', () => {
  it('are those the host uses: its theme and contexts, and the components it draws', () => {
    expect(split.reached).toContain(file('core/MantineProvider/Mantine.context.mjs'));
    expect(split.reached).toContain(
      file('core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs'),
    );
    expect(split.reached).toContain(split.publicFile.get('Button'));
    expect(split.reached).toContain(split.publicFile.get('Popover'));
  });

  it('leave out the components only remotes use, which each remote bundles', () => {
    for (const name of ['Table', 'Select', 'Tabs', 'Pagination'])
      expect(split.reached).not.toContain(split.publicFile.get(name));
  });

  it('offer what Mantine does not export under a second shared module (the input wrapper context)', () => {
    expect(split.internal.get(file('components/Input/InputWrapper.context.mjs'))).toEqual(
      expect.arrayContaining([['InputWrapperProvider', 'InputWrapperProvider']]),
    );
  });
});
