import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

describe('server start', () => {
  it('stops at once on a bad setting and names the variable', () => {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: 'eighty',
        NODE_ENV: 'production',
        DATA_DIR: '/tmp/auditdesk-never-created',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: expected a port number (got "eighty")');
  });
});
