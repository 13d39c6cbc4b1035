import fs from 'node:fs';

/** The peak resident memory of a live process so far, in MB (Linux: VmHWM in /proc). */
export function peakRssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kilobytes) / 1024;
}
