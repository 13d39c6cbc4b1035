/** A read's answer as sent: the JSON and its gzip, built once. */
export interface Body {
  json: Buffer;
  gzipped: Buffer;
}

/**
 * Where built answers are kept, by a key that names the read, its inputs and the data
 * version it was built from, so a kept body is never stale: a write bumps the version and
 * the next read asks for a new key. Stores may forget anything at any time.
 */
export interface BodyStore {
  /** The body under the key; undefined when not kept (or the store cannot be reached). */
  get(key: string): Promise<Body | undefined>;
  /** Keeps the body; never throws (a store that cannot keep it just does not). */
  put(key: string, body: Body): Promise<void>;
  /** Forgets every body (the data they were built from was replaced: a restore); never throws. */
  clear(): Promise<void>;
}

/** Keeps nothing: every read is built afresh (to measure and to compare against). */
export const noBodyStore: BodyStore = {
  get: async () => undefined,
  put: async () => undefined,
  clear: async () => undefined,
};
