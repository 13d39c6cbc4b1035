/** D1's limits per statement (external-apis.md section c), which the contract server enforces. */
export const D1_LIMITS = {
  boundParameters: 100,
  sqlBytes: 100_000,
  stringBytes: 2_000_000,
};

/** Why D1 would refuse this statement, or null. */
export function limitBroken(statement: { sql: string; params: unknown[] }): string | null {
  if (statement.params.length > D1_LIMITS.boundParameters)
    return `too many SQL variables (${statement.params.length}, at most ${D1_LIMITS.boundParameters}): SQLITE_ERROR`;
  const sqlBytes = Buffer.byteLength(statement.sql);
  if (sqlBytes > D1_LIMITS.sqlBytes)
    return `statement too long (${sqlBytes} bytes of SQL, at most ${D1_LIMITS.sqlBytes}): SQLITE_TOOBIG`;
  for (const param of statement.params) {
    if (typeof param === 'string' && Buffer.byteLength(param) > D1_LIMITS.stringBytes)
      return `string or blob too big (${Buffer.byteLength(param)} bytes, at most ${D1_LIMITS.stringBytes}): SQLITE_TOOBIG`;
  }
  return null;
}
