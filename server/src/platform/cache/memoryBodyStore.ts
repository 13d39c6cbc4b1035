import type { Body, BodyStore } from './bodyStore';

/** The in-process store: the most recently used `maxEntries` bodies. */
export function createMemoryBodyStore(maxEntries = 64): BodyStore {
  const bodies = new Map<string, Body>();
  return {
    async get(key) {
      const body = bodies.get(key);
      if (body) {
        bodies.delete(key); // most recently used goes last
        bodies.set(key, body);
      }
      return body;
    },
    async put(key, body) {
      bodies.delete(key);
      bodies.set(key, body);
      while (bodies.size > maxEntries) bodies.delete(bodies.keys().next().value!);
    },
    async clear() {
      bodies.clear();
    },
  };
}
