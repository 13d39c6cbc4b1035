const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

function parts(version: string): [number, number, number] | null {
  const match = VERSION.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: [number, number, number], b: [number, number, number]): number {
  for (let index = 0; index < 3; index += 1) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return 0;
}

/**
 * Whether `version` meets `range` in the forms the builds write into their manifests: an exact
 * version, ^x.y.z, ~x.y.z, >=x.y.z or *. Anything else is not met: the check then refuses
 * rather than let the federation runtime find out in a user's tab.
 */
export function versionSatisfies(version: string, range: string): boolean {
  const have = parts(version);
  const wanted = range.trim();
  if (wanted === '*' || wanted === '') return true;
  if (!have) return false;
  const operator = /^(\^|~|>=)?/.exec(wanted)![0];
  const need = parts(wanted.slice(operator.length));
  if (!need) return false;
  if (operator === '>=') return compare(have, need) >= 0;
  if (compare(have, need) < 0) return false;
  if (operator === '') return compare(have, need) === 0;
  if (operator === '~') return have[0] === need[0] && have[1] === need[1];
  // ^: the left-most non-zero part stays
  if (need[0] !== 0) return have[0] === need[0];
  if (need[1] !== 0) return have[0] === 0 && have[1] === need[1];
  return have[0] === 0 && have[1] === 0 && have[2] === need[2];
}
