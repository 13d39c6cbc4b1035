const TTL_MS = 10 * 60 * 1000;
const MAX_PENDING = 10_000;

export interface PendingSignIn {
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  returnUrl: string;
}

/**
 * Sign-ins sent to the identity provider and not back yet, keyed by their state value.
 * Each is taken once; stale ones expire, and the map cannot grow without bound.
 */
export function createPendingSignIns(now = () => Date.now()) {
  const pending = new Map<string, PendingSignIn & { expiresAt: number }>();

  return {
    put(state: string, signIn: PendingSignIn): void {
      for (const [key, value] of pending) {
        if (value.expiresAt <= now() || pending.size >= MAX_PENDING) pending.delete(key);
        else break; // insertion order: the rest are newer
      }
      pending.set(state, { ...signIn, expiresAt: now() + TTL_MS });
    },

    take(state: string): PendingSignIn | null {
      const signIn = pending.get(state);
      pending.delete(state);
      return signIn && signIn.expiresAt > now() ? signIn : null;
    },
  };
}
