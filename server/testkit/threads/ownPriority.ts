import fs from 'node:fs';
import os from 'node:os';

/** A pool task for tests: the priority of the thread that runs it, and the process's. */
export function ownPriority(): { thread: number; process: number } {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  return { thread: os.getPriority(threadId), process: os.getPriority(process.pid) };
}
