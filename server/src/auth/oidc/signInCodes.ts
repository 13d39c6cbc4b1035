import { randomBytes } from 'node:crypto';

const TTL_MS = 60 * 1000;
const MAX_CODES = 10_000;

export interface CompletedSignIn {
  userId: number;
  name: string;
  browserHash: string;
}

/**
 * One-time codes the sign-in page trades for tokens: the provider's return carries a code,
 * never tokens, and only the browser that started the sign-in can spend it.
 */
export function createSignInCodes(now = () => Date.now()) {
  const codes = new Map<string, CompletedSignIn & { expiresAt: number }>();
  return {
    issue(signIn: CompletedSignIn): string | null {
      for (const [code, entry] of codes) {
        if (entry.expiresAt > now()) break;
        codes.delete(code);
      }
      if (codes.size >= MAX_CODES) return null;
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...signIn, expiresAt: now() + TTL_MS });
      return code;
    },
    /** Spends the code if `fromRightBrowser` accepts its sign-in; anyone else's try leaves it be. */
    take(code: string, fromRightBrowser: (signIn: CompletedSignIn) => boolean): CompletedSignIn | null {
      const entry = codes.get(code);
      if (!entry || entry.expiresAt <= now()) {
        codes.delete(code);
        return null;
      }
      if (!fromRightBrowser(entry)) return null;
      codes.delete(code);
      return entry;
    },
  };
}
