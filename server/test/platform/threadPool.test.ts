import path from 'node:path';
import { createThreadPool } from '../../src/platform/threads/threadPool';

// Issue 35: a stranger's file or calendar is read on a thread below the server's priority, so
// /api/health answers first on a busy machine (Linux, where a thread has a priority of its own).
const onLinux = process.platform === 'linux' ? it : it.skip;

describe('the thread pool', () => {
  onLinux('runs its tasks below the priority of the server’s own thread', async () => {
    const pool = createThreadPool({
      module: path.join(__dirname, '../../testkit/threads/ownPriority.ts'),
      task: 'ownPriority',
      maxThreads: 1,
    });
    try {
      const { thread, process: server } = await pool.run<{ thread: number; process: number }>(null);
      expect(thread).toBe(Math.min(19, server + 10));
    } finally {
      await pool.close();
    }
  });
});
