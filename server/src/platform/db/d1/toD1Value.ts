import type { D1Value } from './d1Api';

/** A bound parameter as D1's JSON body carries it (a blob as an array of bytes). */
export function toD1Value(value: unknown): D1Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Array.from(value);
  throw new TypeError(`A ${typeof value} cannot be bound as a D1 parameter.`);
}
