/** The reply of Redis `INFO`, read into fields and per-database keyspace counters. */
export interface RedisInfo {
  /** field → raw value, from every section (redis_version, used_memory, …) */
  fields: Record<string, string>;
  /** db0, db1, … → their counters (keys, expires, avg_ttl, …) */
  keyspace: Record<string, Record<string, number>>;
}

const DATABASE_LINE = /^db\d+$/;

/** `keys=3,expires=1,avg_ttl=0` → { keys: 3, expires: 1, avg_ttl: 0 } */
function keyspaceCounters(value: string): Record<string, number> {
  const counters: Record<string, number> = {};
  for (const pair of value.split(',')) {
    const [name, count] = pair.split('=');
    const number = Number(count);
    if (name && count !== undefined && Number.isFinite(number)) counters[name.trim()] = number;
  }
  return counters;
}

/**
 * Lines `field:value` under `# Section` headers (external-apis.md section d); headers,
 * blank lines and anything without a colon are skipped, so unknown fields do no harm.
 */
export function parseRedisInfo(text: string): RedisInfo {
  const info: RedisInfo = { fields: {}, keyspace: {} };
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (DATABASE_LINE.test(name)) info.keyspace[name] = keyspaceCounters(value);
    else info.fields[name] = value;
  }
  return info;
}
