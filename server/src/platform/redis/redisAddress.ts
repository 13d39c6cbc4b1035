/** host:port of a Redis URL, without its credentials: safe for logs and messages. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}
