/**
 * Runs `work` while no other tab of this origin runs work under the same name (the Web
 * Locks API); where a browser has none, runs it at once.
 */
export function withCrossTabLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, work) as Promise<T>) : work();
}
