import pLimit from 'p-limit';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Body, BodyStore } from './bodyStore';

const gzip = promisify(gzipCallback);

/**
 * The hot reads' answers, kept in a store by the read, its inputs and the leads' data
 * version (bumped in the same batch as every write to the leads: created, edited, deleted,
 * a sync that changed something). So every instance sees a write at its next read, and an
 * answer from the store is the one a build would give. Concurrent first reads on one
 * instance share one build, and builds run one at a time, so cheap requests stay fast
 * while heavy ones queue.
 */
export function createReadCache(store: BodyStore) {
  const building = new Map<string, Promise<Body>>();
  const oneAtATime = pLimit(1);

  async function body(key: string, version: number, build: () => Promise<unknown>): Promise<Body> {
    const versionedKey = `${key}@leads:${version}`;
    const kept = building.get(versionedKey) ?? (await store.get(versionedKey));
    if (kept) return kept;
    const again = building.get(versionedKey); // another request started it while we looked
    if (again) return again;
    const built = oneAtATime(async () => {
      const json = Buffer.from(JSON.stringify(await build()));
      return { json, gzipped: await gzip(json) };
    });
    building.set(versionedKey, built);
    built.then(
      (done) => store.put(versionedKey, done).finally(() => building.delete(versionedKey)),
      () => building.delete(versionedKey), // a failed build is not kept
    );
    return built;
  }

  return {
    body,
    /** The same, parsed back, for a route that adds fresh fields to a cached part. */
    async data<T>(key: string, version: number, build: () => Promise<T>): Promise<T> {
      return JSON.parse((await body(key, version, build)).json.toString()) as T;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
