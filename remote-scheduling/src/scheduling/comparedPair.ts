/** The URL's name for the two auditors compared (`?compare=A&compare=B`). */
export const COMPARE_PARAM = 'compare';

/**
 * The two auditors the screen compares: the two the URL names when both are configured and
 * different, else the first two configured (the spec's screen).
 */
export function comparedPair(configured: readonly string[], asked: readonly string[]): [string, string] {
  const [first, second] = asked;
  if (first && second && first !== second && configured.includes(first) && configured.includes(second))
    return [first, second];
  return [configured[0]!, configured[1]!];
}

/** The pair after one side is changed: picking the other side's name swaps them. */
export function changePair(pair: readonly [string, string], side: 0 | 1, name: string): [string, string] {
  const other = pair[1 - side]!;
  if (name === other) return side === 0 ? [name, pair[0]] : [pair[1], name];
  return side === 0 ? [name, other] : [other, name];
}
