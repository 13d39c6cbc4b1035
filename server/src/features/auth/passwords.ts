import pLimit from 'p-limit';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's password storage cheat sheet gives five equally strong minimums for scrypt, from
 * N=2^17, r=8, p=1 (128 MiB) to N=2^13, r=8, p=10 (8 MiB), trading memory for passes. This is
 * the last: its 8 MiB stay near the CPU's caches, so a sign-in spends 0.4–0.5× the time of
 * the 128 MiB one on this kind of machine (issue 39: sign-in to a usable screen in a second).
 */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 13, r: 8, p: 10 };

/**
 * The same algorithm at a cost the test suite can afford for its hundreds of sign-ins; a
 * test holds the running server to OWASP_SCRYPT.
 */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };

/**
 * scrypt holds 128 × N × r bytes while it runs (8 MiB at today's cost, 128 MiB for a hash
 * stored at N=2^17): at most two at a time, so a burst of sign-ins queues instead of
 * exhausting memory or the two cores.
 */
const hashing = pLimit(2);

function scrypt(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  const maxmem = 128 * N * r + 16 * 1024 * 1024;
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password, salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !key || !Object.values(params).every(Number.isSafeInteger)) return null;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

const sameCost = (a: ScryptParams, b: ScryptParams) => a.N === b.N && a.r === b.r && a.p === b.p;

/** Password hashing at the given cost; hashes carry their parameters (`scrypt$N$r$p$salt$key`). */
export function createPasswords(params: ScryptParams = OWASP_SCRYPT) {
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, params);
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
  }

  /**
   * Whether the password matches, and whether the hash is at another cost than today's: a
   * weaker one, or an equally strong one that is slower to check (N=2^17, the cost before).
   */
  async function verify(password: string, stored: string): Promise<{ valid: boolean; needsRehash: boolean }> {
    const parsed = parse(stored);
    if (!parsed) return { valid: false, needsRehash: false };
    const actual = await scrypt(password, parsed.salt, parsed.params);
    const valid = actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    return { valid, needsRehash: valid && !sameCost(parsed.params, params) };
  }

  let decoy: Promise<string> | null = null;

  return {
    params,
    hash,
    verify,
    /**
     * Spends the same work as a real check when there is no password to check, so that an
     * unknown e-mail cannot be told from a wrong password by the answer's timing.
     */
    async verifyAgainstDecoy(password: string): Promise<false> {
      decoy ??= hash(randomBytes(16).toString('hex'));
      await verify(password, await decoy);
      return false;
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;

export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
