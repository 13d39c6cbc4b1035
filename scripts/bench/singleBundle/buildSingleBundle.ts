// The same app as one ordinary webpack build, without module federation: the host's
// routes import the remotes' pages directly (still split per route, as any SPA would).
// It is the peer of the first-load benchmark. Usage: tsx buildSingleBundle.ts OUT_DIR
// (writes OUT_DIR/host/dist, so a server with WEB_ROOT=OUT_DIR serves it).
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { ROOT } from '../../apps';
import { REMOTES } from '../../../server/src/platform/config/remotes';

interface FederatedApp {
  dir: string;
  name: string;
  exposes?: Record<string, string>;
}

type BaseConfig = (options: {
  dir: string;
  entry: string;
  title: string;
  production: boolean;
  extractCss: boolean;
  outputPath: string;
}) => webpack.Configuration;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const baseConfig = require('../../webpack/baseConfig.cjs') as BaseConfig;

/** Each remote's exposed modules, as its own webpack config declares them. */
function exposedModules(): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const remote of REMOTES) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { app } = require(path.join(ROOT, remote.folder, 'webpack.config.cjs')) as { app: FederatedApp };
    for (const [exposed, file] of Object.entries(app.exposes ?? {})) {
      modules[`${app.name}/${exposed.slice(2)}`] = path.join(app.dir, file);
    }
  }
  return modules;
}

/** Replaces the host's federation loader: every remote page is a dynamic import. */
function writePageLoader(file: string, modules: Record<string, string>): void {
  const entries = Object.entries(modules)
    .map(([key, module]) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(module)}),`)
    .join('\n');
  fs.writeFileSync(
    file,
    `const PAGES = {\n${entries}\n};

export async function loadRemotePage(page) {
  const load = PAGES[page.remote + '/' + page.module.slice(2)];
  if (!load) throw new Error('No page ' + page.module + ' in ' + page.remote);
  return (await load()).default;
}
`,
  );
}

export async function buildSingleBundle(outDir: string): Promise<void> {
  const hostDir = path.join(ROOT, 'host');
  const loader = path.join(outDir, 'loadRemotePage.js');
  fs.mkdirSync(outDir, { recursive: true });
  writePageLoader(loader, exposedModules());
  const base = baseConfig({
    dir: hostDir,
    // no async boundary: nothing is negotiated at start
    entry: './src/bootstrap.tsx',
    title: 'Auditdesk',
    production: true,
    extractCss: true,
    outputPath: path.join(outDir, 'host', 'dist'),
  });
  const config: webpack.Configuration = {
    ...base,
    mode: 'production',
    output: { ...base.output, publicPath: '/' },
    resolve: {
      ...base.resolve,
      alias: { [path.join(hostDir, 'src/remotes/loadRemotePage')]: loader },
    },
    module: {
      ...base.module,
      rules: [
        ...(base.module?.rules ?? []),
        // the generated loader is plain JS outside every package
        { test: /loadRemotePage\.js$/, include: outDir, type: 'javascript/auto' },
      ],
    },
  };
  await new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
}

if (require.main === module) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: tsx scripts/bench/singleBundle/buildSingleBundle.ts OUT_DIR');
    process.exit(2);
  }
  buildSingleBundle(path.resolve(outDir)).then(
    () => console.log(`built ${path.join(path.resolve(outDir), 'host', 'dist')}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
