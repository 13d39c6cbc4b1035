import fc from 'fast-check';
import { hostilePathSegment, hostileRawBody, hostileValue } from './invalidValues';
import type { JsonSchema } from './jsonSchema';
import type { Operation } from './operations';
import { schemaArbitrary, type FieldValues } from './schemaArbitrary';

export interface FuzzRequest {
  method: string;
  url: string;
  /** A JSON value, or a raw text with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
  /** What was done to it, for the failure report. */
  kind: string;
}

/** Where the fuzzer's generated values come from for fields that name records or accounts. */
export interface FuzzPools {
  /** Path parameter values per operation path prefix (e.g. '/api/leads' → lead ids). */
  pathValues: (path: string, name: string) => fc.Arbitrary<string>;
  /** Values for named body and query fields. */
  fields: FieldValues;
}

/** Percent-encodes any text byte by byte (a lone surrogate becomes U+FFFD, as a browser would send it). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? '');

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const pathArbitrary = (operation: Operation, pools: FuzzPools) =>
  fc.record(
    Object.fromEntries(
      Object.keys(operation.pathParams).map((name) => [name, pools.pathValues(operation.path, name)]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;

/** Requests the operation's schemas accept. */
export function validRequest(operation: Operation, pools: FuzzPools): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathArbitrary(operation, pools),
      query: operation.query ? schemaArbitrary(operation.query, pools.fields) : fc.constant(undefined),
      body: operation.body ? schemaArbitrary(operation.body, pools.fields) : fc.constant(undefined),
    })
    .map(({ path, query, body }) => ({
      method: operation.method,
      url: `${fill(operation.path, path)}${queryString(query)}`,
      body: operation.body ? { json: body } : undefined,
      kind: 'valid',
    }));
}

const fieldsOf = (schema: JsonSchema | null) => Object.keys(schema?.properties ?? {});

/** Requests that break the operation's contract one way or another. */
export function invalidRequest(operation: Operation, pools: FuzzPools): fc.Arbitrary<FuzzRequest> {
  const valid = validRequest(operation, pools);
  const mutations: fc.Arbitrary<FuzzRequest>[] = [
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
      .map(([request, key, value]) => ({
        ...request,
        body: { json: { ...asRecord(request.body), [`x_${key}`]: value } },
        kind: 'unknown field',
      })),
    fc
      .tuple(valid, hostileValue)
      .map(([request, value]) => ({ ...request, body: { json: value }, kind: 'wrong body' })),
    fc.tuple(valid, hostileRawBody).map(([request, raw]) => ({
      ...request,
      body: { raw: raw.body, contentType: raw.contentType },
      kind: 'raw body',
    })),
    fc.tuple(valid, fc.string({ maxLength: 10 }), hostileValue).map(([request, key, value]) => ({
      ...request,
      url: `${request.url.split('?')[0]}?${percentEncode(key)}=${percentEncode(String(value).slice(0, 2000))}`,
      kind: 'odd query',
    })),
  ];
  const fields = fieldsOf(operation.body);
  if (fields.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...fields), hostileValue).map(([request, field, value]) => ({
        ...request,
        body: { json: { ...asRecord(request.body), [field]: value } },
        kind: `hostile ${field}`,
      })),
      fc.tuple(valid, fc.constantFrom(...fields)).map(([request, field]) => {
        const { [field]: _dropped, ...rest } = asRecord(request.body);
        return { ...request, body: { json: rest }, kind: `without ${field}` };
      }),
    );
  }
  const params = Object.keys(operation.pathParams);
  if (params.length > 0) {
    mutations.push(
      fc.tuple(valid, hostilePathSegment).map(([request, segment]) => ({
        ...request,
        url: fill(operation.path, Object.fromEntries(params.map((name) => [name, segment]))),
        kind: 'odd path parameter',
      })),
    );
  }
  return fc.oneof(...mutations);
}

function asRecord(body: FuzzRequest['body']): Record<string, unknown> {
  const json = body && 'json' in body ? body.json : undefined;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}
