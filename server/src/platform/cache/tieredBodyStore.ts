import type { BodyStore } from './bodyStore';

/**
 * A near store in front of a far one (this process's memory before Redis). Keys name a
 * data version, so a body kept near is as fresh as the far one: nothing to invalidate.
 */
export function createTieredBodyStore(near: BodyStore, far: BodyStore): BodyStore {
  return {
    async get(key) {
      const nearBody = await near.get(key);
      if (nearBody) return nearBody;
      const farBody = await far.get(key);
      if (farBody) await near.put(key, farBody);
      return farBody;
    },
    async put(key, body) {
      await Promise.all([near.put(key, body), far.put(key, body)]);
    },
    async clear() {
      await Promise.all([near.clear(), far.clear()]);
    },
  };
}
