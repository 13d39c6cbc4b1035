import fs from 'node:fs';
import path from 'node:path';
import { ROOT, checkout, problemsOf } from './layersTesting';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SHARED_LAYERS } = require('./sharedLayers.cjs');

describe("the shared layers lint rule (shared/src's folders)", () => {
  it('fails on an import that points up: the contract imports nothing of shared, the session no API call', () => {
    expect(problemsOf('shared/src/contract/users.ts', "import { login } from '../auth/login';\n")).toEqual([
      expect.stringContaining('contract must not import auth: imports point down the layers'),
    ]);
    expect(
      problemsOf(
        'shared/src/session/authStore.ts',
        "import { refreshSession } from '../api/refreshSession';\n",
      ),
    ).toEqual([expect.stringContaining('session must not import api')]);
    // the cycles issue 38 found: api → auth's sign-in, preferences → auth
    expect(
      problemsOf('shared/src/api/apiRequest.ts', "import { signOut } from '../auth/signOut';\n"),
    ).toEqual([expect.stringContaining('api must not import auth')]);
    expect(problemsOf('shared/src/preferences/x.ts', "import { login } from '../auth/login';\n")).toEqual([
      expect.stringContaining('preferences must not import auth'),
    ]);
  });

  it('fails when a folder imports an entry point: index.ts and core.ts are the top', () => {
    expect(problemsOf('shared/src/realtime/x.ts', "export type { SyncStepId } from '../core';\n")).toEqual([
      expect.stringContaining('realtime must not import the entry points'),
    ]);
    expect(problemsOf('shared/src/testing/x.tsx', "import { AppProviders } from '../index';\n")).toEqual([
      expect.stringContaining('testing must not import the entry points'),
    ]);
  });

  it("reads the package's own name through its exports map, like a relative import", () => {
    expect(
      problemsOf(
        'shared/src/contract/x.ts',
        "import { REMOTE_MANIFEST } from '@auditdesk/shared/remotes';\n",
      ),
    ).toEqual([]);
    expect(problemsOf('shared/src/api/x.ts', "import { authStore } from '@auditdesk/shared';\n")).toEqual([
      expect.stringContaining('api must not import the entry points'),
    ]);
    expect(
      problemsOf(
        'shared/src/contract/x.ts',
        "import { storedValidToken } from '@auditdesk/shared/stored-token';\n",
      ),
    ).toEqual([expect.stringContaining('contract must not import session')]);
  });

  it('passes imports that point down or stay in their folder, and the entry points importing anything', () => {
    expect(
      problemsOf(
        'shared/src/auth/x.ts',
        "import '../api/api';\nimport '../session/authStore';\nimport '../preferences/personalPreferences';\nimport '../contract/roles';\nimport './login';\n",
      ),
    ).toEqual([]);
    // a folder imported through its index file
    expect(problemsOf('shared/src/testing/x.ts', "import '../scheduling';\n")).toEqual([]);
    expect(
      problemsOf('shared/src/index.ts', "export * from './scheduling';\nexport * from './core';\n"),
    ).toEqual([]);
  });

  it('fails when shared source imports the scripts (its tests may)', () => {
    expect(problemsOf('shared/src/auth/x.ts', "import '../../../scripts/jest/fakeJwt';\n")).toEqual([
      expect.stringContaining('shared/src must not import scripts/jest/fakeJwt'),
    ]);
  });

  it('fails on an import that closes a cycle between folders of one layer, naming the way back', () => {
    const root = checkout({
      'shared/src/preferences/personalPreferences.ts': "import '../business/writeBackMode';\n",
      'shared/src/business/writeBackMode.ts': "import '../export/useExport';\n",
      'shared/src/export/useExport.ts': 'export const useExport = 1;\n',
      'shared/src/realtime/syncHubClient.ts': 'export const syncHubClient = 1;\n',
    });
    expect(
      problemsOf('shared/src/export/x.ts', "import '../preferences/personalPreferences';\n", root),
    ).toEqual([
      expect.stringContaining(
        'export must not import preferences: preferences → business → export already, and folders of one layer import each other one way only',
      ),
    ]);
    // one way only is fine
    expect(problemsOf('shared/src/preferences/x.ts', "import '../export/useExport';\n", root)).toEqual([]);
    expect(problemsOf('shared/src/export/x.ts', "import '../realtime/syncHubClient';\n", root)).toEqual([]);
  });

  it('fails on a folder that is in no layer, and on imports of it', () => {
    expect(problemsOf('shared/src/invoices/x.ts', 'export const x = 1;\n')).toEqual([
      expect.stringContaining('invoices is in no layer: place it in SHARED_LAYERS'),
    ]);
    expect(problemsOf('shared/src/ui/x.ts', "import '../invoices/x';\n")).toEqual([
      expect.stringContaining('invoices is in no layer'),
    ]);
  });

  it('places every folder of shared/src, and no folder that is gone', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'shared/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect((SHARED_LAYERS as string[][]).flat().sort()).toEqual(folders.sort());
  });
});
