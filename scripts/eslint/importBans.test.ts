import { execFileSync } from 'node:child_process';
import { ROOT } from '../apps';

// The forbidden imports of eslint.config.mjs, each tried on a small sample: a ban that a later
// block of the config replaced (ESLint keeps one set of options per rule and file) fails here.
// ESLint runs in a child process: it loads its config as an ES module, which jest's module
// sandbox cannot.

interface Sample {
  file: string;
  code: string;
}

/** The messages of no-restricted-imports for each sample, linted as if it were that file. */
function restrictedImports(samples: Sample[]): string[][] {
  const runner = `
    import { ESLint } from 'eslint';
    const samples = JSON.parse(await new Promise((done) => {
      let text = '';
      process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => done(text));
    }));
    const eslint = new ESLint({ cwd: process.cwd() });
    const answers = [];
    for (const { file, code } of samples) {
      const [result] = await eslint.lintText(code, { filePath: file });
      answers.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(answers));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', runner], {
    cwd: ROOT,
    input: JSON.stringify(samples),
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

const BANNED: (Sample & { because: RegExp })[] = [
  {
    file: 'host/src/app/Sample.tsx',
    code: "import { useNavigate } from 'react-router';",
    because: /react-router-dom/,
  },
  {
    file: 'remote-leads/src/leads/Sample.tsx',
    code: "import { Link } from 'react-router';",
    because: /react-router-dom/,
  },
  {
    file: 'shared/src/ui/Sample.tsx',
    code: "import { Link } from 'react-router';",
    because: /react-router-dom/,
  },
  {
    file: 'remote-leads/src/leads/Sample.ts',
    code: "import { ADMIN_PAGES } from '../../../remote-admin/src/adminPages';",
    because: /remotes are loaded at run time/,
  },
  {
    file: 'host/src/app/Sample.ts',
    code: "import LeadsPage from '../../../remote-leads/src/leads/LeadsPage';",
    because: /remotes are loaded at run time/,
  },
  {
    file: 'remote-sync/src/sync/Sample.ts',
    code: "import '../../../server/src/app';",
    because: /never imported/,
  },
  {
    file: 'shared/src/leads/Sample.ts',
    code: "import { routes } from '../../../host/src/app/routes';",
    because: /never imports one of them/,
  },
  {
    file: 'shared/src/contract/Sample.ts',
    code: "import { ADMIN_PAGES } from '../../../remote-admin/src/adminPages';",
    because: /never imports one of them/,
  },
  {
    file: 'shared/src/contract/Sample.ts',
    code: "import { useState } from 'react';",
    because: /framework-free/,
  },
  { file: 'shared/src/core.ts', code: "import { create } from 'zustand';", because: /framework-free/ },
  {
    file: 'shared/src/contract/Sample.ts',
    code: "import { Link } from 'react-router';",
    because: /react-router-dom/,
  },
  {
    file: 'server/src/features/Sample.ts',
    code: "import { api } from '@auditdesk/shared';",
    because: /only the contract/,
  },
  {
    file: 'server/src/features/Sample.ts',
    code: "import { leadResource } from '../../../shared/src/contract/leads';",
    because: /only the contract/,
  },
  {
    file: 'server/test/Sample.ts',
    code: "import '../../remote-leads/src/bootstrap';",
    because: /only the contract/,
  },
];

const ALLOWED: Sample[] = [
  { file: 'host/src/app/Sample.tsx', code: "import { useNavigate } from 'react-router-dom';" },
  { file: 'remote-leads/src/leads/Sample.ts', code: "import { api } from '@auditdesk/shared';" },
  { file: 'shared/src/leads/Sample.ts', code: "import { useState } from 'react';" },
  { file: 'shared/src/contract/Sample.ts', code: "import { z } from 'zod';" },
  { file: 'server/src/features/Sample.ts', code: "import { routes } from '@auditdesk/shared/core';" },
];

describe('the forbidden imports of eslint.config.mjs', () => {
  // one ESLint for every sample: it starts in seconds on a busy machine
  const answers = restrictedImports([...BANNED, ...ALLOWED]);

  it.each(BANNED.map((sample, at) => [sample.file, sample.code, at] as const))(
    'refuse in %s: %s',
    (_file, _code, at) => {
      expect(answers[at]!.join('\n')).toMatch(BANNED[at]!.because);
    },
  );

  it('let every allowed import through', () => {
    expect(answers.slice(BANNED.length)).toEqual(ALLOWED.map(() => []));
  });
});
