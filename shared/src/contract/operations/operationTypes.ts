import type { z } from 'zod';
import type { OperationId } from './routes';
import type { RouteIo } from './routeIo';

type IoOf<K extends OperationId> = RouteIo[K];
type Part<K extends OperationId, P extends string, Direction extends 'in' | 'out'> =
  IoOf<K> extends Record<P, infer S extends z.ZodType>
    ? Direction extends 'in'
      ? z.input<S>
      : z.output<S>
    : never;

/** What a caller sends: path parameters as written in the address, the rest as JSON before parsing. */
export type ParamsIn<K extends OperationId> = [Part<K, 'params', 'in'>] extends [never]
  ? never
  : { [P in keyof Part<K, 'params', 'in'>]: string | number };
export type QueryIn<K extends OperationId> = Part<K, 'query', 'in'>;
export type BodyIn<K extends OperationId> = Part<K, 'body', 'in'>;

/** What a handler receives (after the server's parsing). */
export type ParamsOf<K extends OperationId> = Part<K, 'params', 'out'>;
export type QueryOf<K extends OperationId> = Part<K, 'query', 'out'>;
export type BodyOf<K extends OperationId> = Part<K, 'body', 'out'>;
export type HeadersOf<K extends OperationId> = Part<K, 'headers', 'out'>;

type Responses<K extends OperationId> = IoOf<K>['response'];

/** Any answer a handler may send, as the schema takes it in. */
export type ReplyOf<K extends OperationId> = {
  [S in keyof Responses<K>]: Responses<K>[S] extends z.ZodType ? z.input<Responses<K>[S]> : never;
}[keyof Responses<K>];

/** The success answer a caller receives: the 200's or the 201's body; nothing for a 204. */
export type AnswerOf<K extends OperationId> =
  Responses<K> extends { 200: infer S extends z.ZodType }
    ? z.output<S>
    : Responses<K> extends { 201: infer S extends z.ZodType }
      ? z.output<S>
      : Responses<K> extends { 202: infer S extends z.ZodType }
        ? z.output<S>
        : null;
