/**
 * Retries `check` until it returns without throwing, then answers its result; fails with
 * the last error after `attempts` tries `delayMs` apart. For states reached in the
 * background (a reconnection), never for measuring time.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { attempts = 100, delayMs = 100 }: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
  throw lastError;
}
