import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../apps';
import type { AppServer } from './appServer';

/**
 * `pnpm release …` against an e2e server: the command line reads the same settings as the
 * server (its DATA_DIR, its database — D1 too — its release store and Redis). Answers what it
 * printed. A process of its own, awaited without blocking this one: the D1 it talks to may be
 * served from here.
 */
export async function releaseCommand(server: AppServer, ...args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/releaseCommand.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: server.dataDir,
      PUBLIC_URL: server.url,
      LOG_LEVEL: 'warn',
      ...server.settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [status] = (await once(child, 'close')) as [number | null];
  if (status !== 0) throw new Error(`pnpm release ${args.join(' ')} failed (${status}):\n${output}`);
  return output;
}

/**
 * A copy of remote-leads' build, changed as a next build would be: `change` edits its files
 * (a text of the page, what it needs of the shared libraries). A release is a build folder,
 * so a changed copy is released exactly as a rebuild would be, without a second webpack run.
 */
export function changedLeadsBuild(change: (dir: string) => void = () => undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-leads-build-'));
  fs.cpSync(path.join(ROOT, 'remote-leads', 'dist'), dir, { recursive: true });
  change(dir);
  return dir;
}

/** Replaces a text in every script of a build that has it; fails when none has. */
export function replaceText(dir: string, text: string, by: string): void {
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.js'));
  let replaced = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!body.includes(text)) continue;
    fs.writeFileSync(path.join(dir, file), body.split(text).join(by));
    replaced += 1;
  }
  if (!replaced) throw new Error(`No script of ${dir} has "${text}".`);
}

/** Adds exports a build needs of a shared library to its shared-usage.json. */
export function needAlso(dir: string, library: string, names: string[]): void {
  const file = path.join(dir, 'shared-usage.json');
  const usage = JSON.parse(fs.readFileSync(file, 'utf8')) as { needs: Record<string, string[]> };
  usage.needs[library] = [...(usage.needs[library] ?? []), ...names];
  fs.writeFileSync(file, JSON.stringify(usage));
}

/** A copy of remote-leads' build whose remote entry is gone: every load of it fails (phase entry). */
export function brokenEntryLeadsBuild(): string {
  return changedLeadsBuild((dir) => fs.rmSync(path.join(dir, 'remoteEntry.js')));
}
