import type { CounterStore } from './counterStore';
import { tooManyAttempts } from './tooManyAttempts';

const WINDOW_MS = 60_000;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

export interface SignInLimits {
  perIp: number;
  perEmailAndIp: number;
  failuresPerAccount: number;
}

/**
 * Sign-in attempts, limited so that guessing is slow and nobody can lock another person
 * out: per address, per (e-mail, address) pair, and a much higher ceiling of failures per
 * e-mail from all addresses together, from which the addresses the account already signed
 * in from are exempt. Hammering someone's e-mail from elsewhere never stops its owner.
 */
export function createSignInLimiter(store: CounterStore, limits: SignInLimits) {
  const known = (email: string, ip: string) => `signin:known:${email}|${ip}`;
  return {
    /** Throws 429 when this attempt is over a limit; counts it otherwise. */
    async admit(ip: string, email: string): Promise<void> {
      for (const [key, max] of [
        [`signin:ip:${ip}`, limits.perIp],
        [`signin:pair:${email}|${ip}`, limits.perEmailAndIp],
      ] as const) {
        const { count, resetInMs } = await store.hit(key, WINDOW_MS);
        if (count > max) throw tooManyAttempts(resetInMs);
      }
      const failures = await store.peek(`signin:failures:${email}`);
      if (failures.count >= limits.failuresPerAccount && !(await store.isMarked(known(email, ip))))
        throw tooManyAttempts(failures.resetInMs);
    },
    async failed(email: string): Promise<void> {
      await store.hit(`signin:failures:${email}`, WINDOW_MS);
    },
    async succeeded(email: string, ip: string): Promise<void> {
      await store.mark(known(email, ip), KNOWN_ADDRESS_MS);
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

/** A plain per-key limit, per minute unless told (set-password per address and per token, identity-provider starts). */
export function createAttemptLimit(store: CounterStore, name: string, max: number, windowMs = WINDOW_MS) {
  return async (key: string): Promise<void> => {
    const { count, resetInMs } = await store.hit(`${name}:${key}`, windowMs);
    if (count > max) throw tooManyAttempts(resetInMs);
  };
}
