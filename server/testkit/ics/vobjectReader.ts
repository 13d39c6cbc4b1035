import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';

/** A calendar object as a reader sees it: names upper-case, texts unescaped. */
export interface IcsNode {
  name: string;
  properties: [name: string, value: string][];
  components: IcsNode[];
}

// vobject is what Radicale parses every PUT with: an iCalendar reader written apart from
// ical.js (in Python), and the one that read a bare CR as the end of a line.
const SCRIPT = String.raw`
import json, sys, vobject
def tree(component):
    node = {'name': component.name, 'properties': [], 'components': []}
    for child in component.getChildren():
        if isinstance(child, vobject.base.Component):
            node['components'].append(tree(child))
        else:
            value = child.value if isinstance(child.value, str) else str(child.value)
            node['properties'].append([child.name, value])
    return node
for line in sys.stdin:
    try:
        found = [tree(c) for c in vobject.readComponents(json.loads(line))]
        answer = {'components': found}
    except Exception as error:
        answer = {'error': '%s: %s' % (type(error).__name__, error)}
    sys.stdout.write(json.dumps(answer) + '\n')
    sys.stdout.flush()
`;

/** The Python Radicale runs on (its script's #! line), which has vobject. */
function radicalePython(): string {
  try {
    const bin = process.env.RADICALE_BIN ?? execFileSync('which', ['radicale'], { encoding: 'utf8' }).trim();
    const shebang = fs.readFileSync(bin, 'utf8').split('\n', 1)[0]!;
    const [interpreter, ...rest] = shebang.replace(/^#!\s*/, '').split(/\s+/);
    if (interpreter?.endsWith('/env') && rest[0]) return rest[0];
    if (interpreter) return interpreter;
  } catch {
    // no Radicale script to read: the PATH's python
  }
  return 'python3';
}

/**
 * One Python process reading calendars with vobject, a request at a time (a property-based
 * test sends hundreds). `read` answers the top-level components, or throws vobject's error.
 */
export function startVobjectReader() {
  const child: ChildProcessWithoutNullStreams = spawn(radicalePython(), ['-c', SCRIPT], {
    env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    read(ics: string): Promise<IcsNode[]> {
      const answer = queue.then(async () => {
        child.stdin.write(`${JSON.stringify(ics)}\n`);
        const line = await lines.next();
        if (line.done) throw new Error(`vobject's reader ended: ${stderr}`);
        const parsed = JSON.parse(line.value) as { components?: IcsNode[]; error?: string };
        if (parsed.error) throw new Error(`vobject refused the calendar: ${parsed.error}`);
        return parsed.components!;
      });
      queue = answer.catch(() => undefined);
      return answer;
    },
    async stop() {
      child.stdin.end();
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export type VobjectReader = ReturnType<typeof startVobjectReader>;
