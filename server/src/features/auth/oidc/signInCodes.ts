import { randomBytes } from 'node:crypto';

export const CODE_TTL_MS = 60 * 1000;
export const MAX_CODES = 10_000;

export interface CompletedSignIn {
  userId: number;
  name: string;
  browserHash: string;
}

/**
 * One-time codes the sign-in page trades for tokens: the provider's return carries a code,
 * never tokens, and only the browser that started the sign-in can spend it. Bounded; when
 * full, no code is issued rather than anyone's evicted.
 */
export interface SignInCodes {
  /** A new code for the sign-in; null when the store is full. */
  issue(signIn: CompletedSignIn): Promise<string | null>;
  /** Spends the code if `fromRightBrowser` accepts its sign-in; anyone else's try leaves it be. */
  take(code: string, fromRightBrowser: (signIn: CompletedSignIn) => boolean): Promise<CompletedSignIn | null>;
}

export const newSignInCode = () => randomBytes(24).toString('base64url');

/** The in-process store. */
export function createSignInCodes(now = () => Date.now()): SignInCodes {
  const codes = new Map<string, CompletedSignIn & { expiresAt: number }>();
  return {
    async issue(signIn) {
      for (const [code, entry] of codes) {
        if (entry.expiresAt > now()) break;
        codes.delete(code);
      }
      if (codes.size >= MAX_CODES) return null;
      const code = newSignInCode();
      codes.set(code, { ...signIn, expiresAt: now() + CODE_TTL_MS });
      return code;
    },
    async take(code, fromRightBrowser) {
      const entry = codes.get(code);
      if (!entry || entry.expiresAt <= now()) {
        codes.delete(code);
        return null;
      }
      if (!fromRightBrowser(entry)) return null;
      codes.delete(code);
      const { userId, name, browserHash } = entry;
      return { userId, name, browserHash };
    },
  };
}
