import path from 'node:path';
import { SourceMapGenerator } from 'source-map-js';
import { ROOT } from '../apps';
import { scriptContents, scriptOrigin, sourceGroup, stableName } from './scriptContents';

const HOST = path.join(ROOT, 'host');

describe('where a first-load script comes from', () => {
  it('finds the app of a served script from its URL', () => {
    expect(scriptOrigin('/main.js')).toEqual({ app: 'host', file: 'main.js' });
    expect(scriptOrigin('/remotes/scheduling/246.f6ff36be.js')).toEqual({
      app: 'remote-scheduling',
      file: '246.f6ff36be.js',
    });
  });

  it('groups sources by package, webpack runtime, or our folder from the repository root', () => {
    expect(
      sourceGroup('webpack:///../node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/util.js', HOST),
    ).toBe('zod');
    expect(
      sourceGroup(
        'webpack:///../node_modules/.pnpm/@mantine+core@7.17.8/node_modules/@mantine/core/esm/x.mjs',
        HOST,
      ),
    ).toBe('@mantine/core');
    expect(sourceGroup('webpack:///webpack/runtime/sharing', HOST)).toBe('webpack runtime');
    expect(sourceGroup('webpack:///../shared/src/contract/operations/operation.ts', HOST)).toBe(
      'shared/src/contract',
    );
    expect(sourceGroup('webpack:///./src/layout/Sidebar.tsx', HOST)).toBe('host/src/layout');
  });

  it('names a chunk without its hash, and a numbered one by what it holds most', () => {
    expect(stableName('shared-libraries.a1415152.js', [])).toBe('shared-libraries');
    expect(stableName('remoteEntry.js', [])).toBe('remoteEntry');
    expect(stableName('750.5a39ee66.js', [{ source: 'zod', share: 0.99 }])).toBe('chunk of zod');
    expect(stableName('750.5a39ee66.js', [])).toBe('chunk 750');
  });

  it("shares a script's bytes among its sources by the source map", () => {
    // line 1: 10 bytes of zod, then 30 of our layout; line 2: 20 bytes of zod
    const code = `${'a'.repeat(40)}\n${'b'.repeat(20)}`;
    const map = new SourceMapGenerator({ file: 'x.js' });
    const zod = 'webpack:///../node_modules/.pnpm/zod@4.6.7/node_modules/zod/index.js';
    const layout = 'webpack:///./src/layout/Sidebar.tsx';
    map.addMapping({ generated: { line: 1, column: 0 }, original: { line: 1, column: 0 }, source: zod });
    map.addMapping({ generated: { line: 1, column: 10 }, original: { line: 1, column: 0 }, source: layout });
    map.addMapping({ generated: { line: 2, column: 0 }, original: { line: 2, column: 0 }, source: zod });
    const contents = scriptContents(code, JSON.parse(map.toString()), HOST);
    expect(contents).toEqual([
      { source: 'zod', share: 0.5 },
      { source: 'host/src/layout', share: 0.5 },
    ]);
  });
});
