const TTL_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  returnUrl: string;
  /** SHA-256 of the secret in the cookie of the browser that started it. */
  browserHash: string;
}

/**
 * Sign-ins sent to the identity provider and not back yet, keyed by their state value.
 * Each is taken once; stale ones expire. The store is bounded per client address and in
 * all, and when full it refuses new sign-ins rather than evicting anyone's.
 */
export function createPendingSignIns({
  now = () => Date.now(),
  maxTotal = 10_000,
  maxPerAddress = 20,
}: { now?: () => number; maxTotal?: number; maxPerAddress?: number } = {}) {
  const pending = new Map<string, PendingSignIn & { expiresAt: number; address: string }>();
  const perAddress = new Map<string, number>();

  const forget = (state: string) => {
    const entry = pending.get(state);
    if (!entry) return;
    pending.delete(state);
    const left = (perAddress.get(entry.address) ?? 1) - 1;
    if (left > 0) perAddress.set(entry.address, left);
    else perAddress.delete(entry.address);
  };

  const purgeExpired = () => {
    for (const [state, entry] of pending) {
      if (entry.expiresAt > now()) break; // insertion order: the rest are newer
      forget(state);
    }
  };

  return {
    /** Keeps the sign-in; false when the store (or this address's share of it) is full. */
    put(state: string, signIn: PendingSignIn, address: string): boolean {
      purgeExpired();
      if (pending.size >= maxTotal || (perAddress.get(address) ?? 0) >= maxPerAddress) return false;
      pending.set(state, { ...signIn, address, expiresAt: now() + TTL_MS });
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      return true;
    },

    take(state: string): PendingSignIn | null {
      const entry = pending.get(state);
      forget(state);
      return entry && entry.expiresAt > now() ? entry : null;
    },
  };
}

export type PendingSignIns = ReturnType<typeof createPendingSignIns>;
