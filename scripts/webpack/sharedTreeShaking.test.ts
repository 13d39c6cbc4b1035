import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

const ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SharedTreeShakingPlugin, USAGE_FILE } = require('./sharedTreeShaking.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** A production build of `source` sharing @mantine/hooks, with the plugin; its JS and usage file. */
async function build(source: string, alsoProvide: Record<string, string[]>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-shake-'));
  fs.writeFileSync(path.join(dir, 'entry.js'), source);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'dist'), uniqueName: 'shake_test' },
    // the packages come from an app of the workspace
    resolve: { modules: [path.join(ROOT, 'host/node_modules'), 'node_modules'] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shake_test',
        shared: { '@mantine/hooks': { singleton: true, requiredVersion: '7.17.8' } },
        dts: false,
        manifest: false,
      }),
      new SharedTreeShakingPlugin({ packages: ['@mantine/hooks'], alsoProvide }),
    ],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result!))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  const dist = path.join(dir, 'dist');
  const js = fs
    .readdirSync(dist)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(dist, file), 'utf8'))
    .join('\n');
  const usage = JSON.parse(fs.readFileSync(path.join(dist, USAGE_FILE), 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { js, usage };
}

describe('SharedTreeShakingPlugin', () => {
  it('provides only what the build and the named others use, and writes both down', async () => {
    const { js, usage } = await build(
      "import { useLocalStorage } from '@mantine/hooks';\nconsole.log(useLocalStorage);\n",
      { '@mantine/hooks': ['useDisclosure'] },
    );
    expect(usage.needs).toEqual({ '@mantine/hooks': ['useLocalStorage'] });
    expect(usage.provides['@mantine/hooks']).toEqual(
      expect.arrayContaining(['useLocalStorage', 'useDisclosure']),
    );
    expect(usage.provides['@mantine/hooks']).not.toContain('useEyeDropper');
    expect(js).toContain('useLocalStorage');
    expect(js).toContain('useDisclosure');
    expect(js).not.toContain('useEyeDropper');
  }, 60_000);

  it('provides everything when the build takes the whole module', async () => {
    const { js, usage } = await build("import * as hooks from '@mantine/hooks';\nconsole.log(hooks);\n", {});
    expect(usage.needs['@mantine/hooks']).toEqual(['*']);
    expect(usage.provides['@mantine/hooks']).toEqual(['*']);
    expect(js).toContain('useEyeDropper');
  }, 60_000);
});
