import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { serverLayersPlugin } = require('./serverLayers.cjs');

const ROOT = path.resolve(__dirname, '../..');
const linter = new Linter({ cwd: ROOT });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { layers: serverLayersPlugin },
    rules: { 'layers/imports-point-down': 'error' as const },
  },
];

const problemsOf = (file: string, code: string) =>
  linter.verify(code, config, { filename: path.join(ROOT, file) }).map((problem) => problem.message);

describe('the server layers lint rule', () => {
  it('fails on an import that points up: leads may not import sync, platform no feature', () => {
    expect(
      problemsOf(
        'server/src/features/leads/x.ts',
        "import { runSync } from '../sync/engine/runSync';\nexport { runSync };\n",
      ),
    ).toEqual([expect.stringContaining('features/leads must not import features/sync')]);
    expect(
      problemsOf(
        'server/src/platform/db/x.ts',
        "export type { Authenticate } from '../../features/auth/authenticate';\n",
      ),
    ).toEqual([expect.stringContaining('platform/db must not import features/auth')]);
    expect(problemsOf('server/src/features/sync/x.ts', "import '../../app';\n")).toEqual([
      expect.stringContaining('features/sync must not import the composition root'),
    ]);
  });

  it('fails when server source imports tests, benches or scripts', () => {
    expect(problemsOf('server/src/features/sync/x.ts', "import '../../../test/freePort';\n")).toEqual([
      expect.stringContaining('must not import server/test/freePort'),
    ]);
  });

  it('fails when server source imports the test kit', () => {
    expect(problemsOf('server/src/features/sync/x.ts', "import '../../../testkit/freePort';\n")).toEqual([
      expect.stringContaining('must not import server/testkit/freePort'),
    ]);
  });

  it('passes imports that point down or stay in their layer', () => {
    expect(
      problemsOf(
        'server/src/features/sync/x.ts',
        "import '../leads/record/leadRecord';\nimport '../../platform/db/database';\nimport './engine/runSync';\n",
      ),
    ).toEqual([]);
    expect(problemsOf('server/src/app.ts', "import './features/dashboard/dashboardRoutes';\n")).toEqual([]);
  });
});
