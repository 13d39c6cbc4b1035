export const PENDING_TTL_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  returnUrl: string;
  /** SHA-256 of the secret in the cookie of the browser that started it. */
  browserHash: string;
}

export interface PendingSignInLimits {
  now?: () => number;
  maxTotal?: number;
  maxPerAddress?: number;
  ttlMs?: number;
}

/**
 * Sign-ins sent to the identity provider and not back yet, keyed by their state value.
 * Each is taken once; stale ones expire. The store is bounded per client address and in
 * all, and when full it refuses new sign-ins rather than evicting anyone's.
 */
export interface PendingSignIns {
  /** Keeps the sign-in; false when the store (or this address's share of it) is full. */
  put(state: string, signIn: PendingSignIn, address: string): Promise<boolean>;
  take(state: string): Promise<PendingSignIn | null>;
}

/** The in-process store. */
export function createPendingSignIns({
  now = () => Date.now(),
  maxTotal = 10_000,
  maxPerAddress = 20,
  ttlMs = PENDING_TTL_MS,
}: PendingSignInLimits = {}): PendingSignIns {
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
    async put(state, signIn, address) {
      purgeExpired();
      if (pending.size >= maxTotal || (perAddress.get(address) ?? 0) >= maxPerAddress) return false;
      pending.set(state, { ...signIn, address, expiresAt: now() + ttlMs });
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      return true;
    },

    async take(state) {
      const entry = pending.get(state);
      forget(state);
      if (!entry || entry.expiresAt <= now()) return null;
      const { codeVerifier, nonce, redirectUri, returnUrl, browserHash } = entry;
      return { codeVerifier, nonce, redirectUri, returnUrl, browserHash };
    },
  };
}
