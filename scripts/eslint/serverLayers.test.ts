import { checkout, problemsOf } from './layersTesting';

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

  it('fails on an import that closes a cycle between features of one layer, naming the way back', () => {
    const root = checkout({
      'server/src/features/auth/issueTokens.ts': "import { rolesOf } from '../users/usersService';\n",
      'server/src/features/users/usersService.ts': "import '../mail/mailer';\nexport const rolesOf = 1;\n",
      'server/src/features/mail/mailer.ts': "export { rolesOf } from '../notifications/notifier';\n",
      'server/src/features/notifications/notifier.ts': 'export const rolesOf = 1;\n',
      'server/src/features/auth/sessions.ts': 'export const sessions = 1;\n',
    });
    // users → auth: auth imports users already
    expect(problemsOf('server/src/features/users/x.ts', "import '../auth/sessions';\n", root)).toEqual([
      expect.stringContaining(
        'features/users must not import features/auth: features/auth → features/users already',
      ),
    ]);
    // the longer cycle auth → users → mail → notifications → auth (the 2 cycles of issue 38)
    expect(
      problemsOf('server/src/features/notifications/x.ts', "import '../auth/sessions';\n", root),
    ).toEqual([
      expect.stringContaining(
        'features/auth → features/users → features/mail → features/notifications already',
      ),
    ]);
    // one way only is fine: auth → users, mail → notifications
    expect(problemsOf('server/src/features/auth/x.ts', "import '../users/usersService';\n", root)).toEqual(
      [],
    );
    expect(
      problemsOf('server/src/features/mail/x.ts', "import '../notifications/notifier';\n", root),
    ).toEqual([]);
  });

  it('reads non-relative imports too: the server package name is a path into the server', () => {
    expect(
      problemsOf(
        'server/src/features/leads/x.ts',
        "import '@auditdesk/server/src/features/sync/engine/runSync';\n",
      ),
    ).toEqual([expect.stringContaining('features/leads must not import features/sync')]);
    expect(problemsOf('server/src/platform/db/x.ts', "export * from '@auditdesk/server';\n")).toEqual([
      expect.stringContaining('platform/db must not import the composition root'),
    ]);
    expect(
      problemsOf('server/src/features/sync/x.ts', "import '@auditdesk/server/testkit/freePort';\n"),
    ).toEqual([expect.stringContaining('must not import server/testkit/freePort')]);
    expect(problemsOf('server/src/features/sync/x.ts', "import { z } from 'zod';\n")).toEqual([]);
  });

  it('fails on a feature folder that is in no layer, and on imports of it', () => {
    expect(problemsOf('server/src/features/invoices/x.ts', 'export const x = 1;\n')).toEqual([
      expect.stringContaining('features/invoices is in no layer'),
    ]);
    expect(problemsOf('server/src/features/sync/x.ts', "import '../invoices/x';\n")).toEqual([
      expect.stringContaining('features/invoices is in no layer'),
    ]);
  });
});
