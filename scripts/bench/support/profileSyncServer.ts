// Run as `node --import tsx scripts/bench/support/profileSyncServer.ts [PROFILE_DIR] [TOP]`: the server
// as users run it (production, its own process) under `node --cpu-prof`, a first sync of the sync
// bench's 10,000-event calendar through POST /api/sync/execute, then the re-runs after one event
// and after every event changed; for each sync, each thread's top entries by self time. The
// .cpuprofile files stay in PROFILE_DIR for Chrome's DevTools.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/testkit/freePort';
import { icsCalendar, manyEvents } from '../../../server/testkit/builders/icsBuilder';
import { ROOT } from '../../apps';
import { appServerEnv } from '../../e2e/support/appServer';
import { signInTokens } from './signedInContext';
import { syncOverHttp } from './syncOverHttp';

const RANGE = { startDate: '2025-01-01', endDate: '2027-12-31' };
/** The monotonic clock in µs: the one a CPU profile's timestamps use, in every process. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function startProfiledServer(env: Record<string, string>, profileDir: string) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-profile-data-'));
  const child = spawn(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
      '--cpu-prof-interval=500',
      '--import',
      'tsx',
      'server/src/main.ts',
    ],
    {
      cwd: ROOT,
      env: appServerEnv(port, dataDir, env),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null || tries > 450) throw new Error('the server did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM'); // the server exits, and node writes its profiles
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Each thread's top entries by self time inside each window (µs on the monotonic clock). */
function topEntries(profileDir: string, windows: Record<string, [number, number]>, top: number): string[] {
  const lines: string[] = [];
  for (const file of fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    let at = profile.startTime;
    const times = profile.timeDeltas.map((delta) => (at += delta));
    for (const [name, [from, to]] of Object.entries(windows)) {
      const self = new Map<string, number>();
      let total = 0;
      profile.samples.forEach((id, index) => {
        const time = times[index]!;
        if (time < from || time > to) return;
        const ms = (time - (index > 0 ? times[index - 1]! : time)) / 1000;
        const frame = frames.get(id)!;
        const where = frame.url
          .replace(`file://${ROOT}/`, '')
          .replace(/^.*node_modules\/\.pnpm\/([^/]+)\/.*$/, '$1');
        const key = `${frame.functionName || '(anonymous)'}  ${where}`;
        self.set(key, (self.get(key) ?? 0) + ms);
        total += ms;
      });
      const busy = total - (self.get('(idle)  ') ?? 0);
      if (busy < 20) continue;
      lines.push(`\n${name}, thread ${file.split('.').at(-3)}: ${Math.round(total)} ms sampled`);
      for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
        lines.push(
          `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`,
        );
    }
  }
  return lines;
}

async function main() {
  const profileDir = path.resolve(
    process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-sync-profile-')),
  );
  const top = Number(process.argv[3] ?? 20);
  fs.mkdirSync(profileDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditdesk-profile-calendar-'));
  const calendar = path.join(dir, 'calendar.ics');
  const events = manyEvents(10_000);
  fs.writeFileSync(calendar, icsCalendar(events));
  const server = await startProfiledServer({ CALENDAR_ICS: calendar }, profileDir);
  const windows: Record<string, [number, number]> = {};
  try {
    const { token } = await signInTokens(server.url);
    const sync = async (name?: string) => {
      const from = nowUs();
      await syncOverHttp(server.url, token, RANGE);
      if (name) windows[name] = [from, nowUs()];
    };
    await sync('first sync');
    await sync();
    fs.writeFileSync(
      calendar,
      icsCalendar(
        events.map((event, index) => (index === 5 ? { ...event, summary: 'Customer moved' } : event)),
      ),
    );
    await sync('one event changed');
    fs.writeFileSync(
      calendar,
      icsCalendar(events.map((event) => ({ ...event, summary: `${event.summary} (moved)` }))),
    );
    await sync('every event changed');
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const [name, [from, to]] of Object.entries(windows))
    console.log(`${name}: ${Math.round((to - from) / 1000)} ms`);
  console.log(topEntries(profileDir, windows, top).join('\n'));
  console.log(`\nprofiles: ${profileDir}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
