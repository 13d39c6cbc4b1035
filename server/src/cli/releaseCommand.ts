// `pnpm release <remote> [--notes "…"]` publishes a remote's build as an immutable release;
// `pnpm release promote <remote> <version>` and `pnpm release rollback <remote>` change what
// is live, after the same check as the Releases page; `pnpm release stage <remote> <version>
// --role|--share|--users` tries a release on some people first, `advance` and `abort` move or
// end that stage; `pnpm release list` shows them all. It reads the server's settings
// (DATA_DIR, DATABASE, RELEASES_DIR…) as the server and `pnpm sync` do (DESIGN.md sections 19, 26).
import {
  ROLES,
  stageAudience,
  type RemoteName,
  type RemoteReleases,
  type StageAudience,
} from '@auditdesk/shared/core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../platform/config/ConfigError';
import { loadConfig } from '../platform/config/loadConfig';
import { REMOTES } from '../platform/config/remotes';
import { HttpProblem } from '../platform/errors/httpProblem';
import { openServices } from '../openServices';
import { runCommand } from './runCommand';

const USAGE = `usage:
  pnpm release <remote> [--notes "…"] [--no-build | --dist <folder>]
  pnpm release promote <remote> <version>
  pnpm release rollback <remote>
  pnpm release stage <remote> <version> --role ${ROLES.join('|')} | --share <1–99> | --users <e-mail>,<e-mail>
  pnpm release advance <remote>
  pnpm release abort <remote>
  pnpm release list
<remote>: ${REMOTES.map((remote) => remote.path).join(', ')} (or remote-leads, remote_leads…)`;

const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..', '..');

function remoteOf(given: string | undefined): RemoteName | null {
  const remote = REMOTES.find((entry) =>
    [entry.path, entry.folder, entry.name].some((name) => name === given),
  );
  return remote?.name ?? null;
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
    });
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPOSITORY_ROOT, encoding: 'utf8' });
    return `${commit.trim()}${dirty.trim() ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

const ACTIONS = ['promote', 'rollback', 'list', 'stage', 'advance', 'abort'] as const;
type Action = (typeof ACTIONS)[number] | 'publish';
/** The positionals each action takes, its own name included. */
const ARITY: Record<Action, number> = {
  publish: 1,
  list: 1,
  rollback: 2,
  advance: 2,
  abort: 2,
  promote: 3,
  stage: 3,
};

/** The stage's audience from exactly one of --role, --share, --users; a sentence when wrong. */
function audienceOf(values: { role?: string; share?: string; users?: string }): StageAudience | string {
  const given = [values.role, values.share, values.users].filter((value) => value !== undefined);
  if (given.length !== 1) return 'Give exactly one of --role, --share or --users.';
  const candidate =
    values.role !== undefined
      ? { kind: 'role', role: values.role }
      : values.share !== undefined
        ? { kind: 'share', share: Number(values.share.replace(/%$/, '')) }
        : { kind: 'users', users: values.users!.split(',').map((email) => email.trim()) };
  const parsed = stageAudience.safeParse(candidate);
  return parsed.success
    ? parsed.data
    : `Not a stage: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`;
}

/** One remote's stage or watch, as `list` and the stage commands print it. */
function stageLine(entry: RemoteReleases): string | null {
  if (entry.stage)
    return `  staged ${entry.stage.version} for ${entry.stage.description} (${entry.stage.people === 1 ? '1 person' : `${entry.stage.people} people`}) since ${entry.stage.since}, by ${entry.stage.by}; advance: ${entry.stage.next}`;
  if (entry.watch) return `  ${entry.watch.version} watched until ${entry.watch.until}`;
  return null;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      notes: { type: 'string', default: '' },
      role: { type: 'string' },
      share: { type: 'string' },
      users: { type: 'string' },
      dist: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return (console.log(USAGE), 0);
  const [first, second, third, ...rest] = positionals;
  const action: Action = (ACTIONS as readonly string[]).includes(first ?? '') ? (first as Action) : 'publish';
  const remote = remoteOf(action === 'publish' ? first : second);
  if (rest.length || positionals.length !== ARITY[action] || (action !== 'list' && !remote))
    return (console.error(USAGE), 2);
  const audience = action === 'stage' ? audienceOf(values) : null;
  if (typeof audience === 'string') return (console.error(`${audience}\n${USAGE}`), 2);

  const config = loadConfig();
  // the server's services: the admins' bells hear of a change, and every instance reads the
  // live versions again at once, through Redis (else within seconds)
  const services = await openServices(config);
  const { releases, releaseStages } = services;
  const by = `command line (${os.userInfo().username})`;
  try {
    if (action === 'list') {
      for (const entry of (await releases.overview()).remotes) {
        const live = entry.pinnedUrl
          ? `pinned to ${entry.pinnedUrl}`
          : (entry.live?.version ?? 'built-in build');
        console.log(`${entry.label} (${entry.remote}): live ${live}`);
        const staged = stageLine(entry);
        if (staged) console.log(staged);
        for (const release of entry.releases)
          console.log(
            `  ${release.live ? '*' : ' '} ${release.version}  ${release.publishedAt}  ${release.commit}  ${release.notes}`,
          );
      }
      return 0;
    }
    if (action === 'promote') {
      const result = await releases.promote(remote!, third!, by);
      console.log(`${result.label}: ${result.live?.version} is live.`);
      return 0;
    }
    if (action === 'stage' || action === 'advance' || action === 'abort') {
      const result =
        action === 'stage'
          ? await releaseStages.stage(remote!, third!, audience!, by)
          : await releaseStages[action](remote!, by);
      console.log(`${result.label}: ${result.live?.version ?? 'the built-in build'} is live.`);
      console.log(stageLine(result) ?? '  no stage: everyone gets the live release.');
      return 0;
    }
    if (action === 'rollback') {
      const result = await releases.rollback(remote!, by);
      console.log(`${result.label}: ${result.live?.version ?? 'the built-in build'} is live.`);
      return 0;
    }
    const definition = REMOTES.find((entry) => entry.name === remote)!;
    const folder = path.join(REPOSITORY_ROOT, definition.folder);
    const buildDir = values.dist ? path.resolve(values.dist) : path.join(folder, 'dist');
    if (!values.dist && !values['no-build']) {
      console.log(`Building ${definition.folder}…`);
      execFileSync('pnpm', ['--filter', definition.folder, 'run', 'build'], {
        cwd: REPOSITORY_ROOT,
        stdio: 'inherit',
      });
    }
    const manifest = path.join(buildDir, 'mf-manifest.json');
    if (!fs.existsSync(manifest))
      return (console.error(`${buildDir} has no mf-manifest.json: build ${definition.folder} first.`), 1);
    const { version: packageVersion } = JSON.parse(
      fs.readFileSync(path.join(folder, 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
    const published = await releases.publish({
      remote: remote!,
      packageVersion,
      buildDir,
      commit: gitCommit(),
      builtAt: fs.statSync(manifest).mtime.toISOString(),
      notes: values.notes ?? '',
    });
    console.log(
      `Published ${remote} ${published.version} (${published.manifestUrl}). It is not live yet: pnpm release promote ${definition.path} ${published.version} (or try it on some people first: pnpm release stage ${definition.path} ${published.version} --role Admin)`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HttpProblem) {
      const problems = (error.extras.problems as string[] | undefined) ?? [];
      console.error(
        problems.length
          ? `Refused:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`
          : error.detail,
      );
      return 1;
    }
    throw error;
  } finally {
    await services.close();
  }
}

runCommand(main, (error) => (error instanceof ConfigError || error instanceof Error ? error.message : error));
