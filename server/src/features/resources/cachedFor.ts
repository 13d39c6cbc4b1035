/**
 * `load`'s answer kept for `ttlMs`: callers within that time (and callers while a load is
 * under way) share one load. A failure is not kept.
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now = () => Date.now()) {
  let kept: { value: Promise<T>; until: number } | null = null;
  return (): Promise<T> => {
    if (kept && now() < kept.until) return kept.value;
    const value = load();
    const entry = { value, until: Number.POSITIVE_INFINITY };
    kept = entry;
    value.then(
      () => {
        entry.until = now() + ttlMs;
      },
      () => {
        if (kept === entry) kept = null;
      },
    );
    return value;
  };
}
