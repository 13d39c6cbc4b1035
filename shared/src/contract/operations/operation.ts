import type { z } from 'zod';
import type { Role } from '../vocabulary';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an operation: anyone, anyone signed in, or only these roles. */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** Whether someone of `role` (none: signed out) has `access`: what a screen offers follows the route table. */
export function allows(access: Access, role: Role | null | undefined): boolean {
  if (access === 'public') return true;
  if (!role) return false;
  return access === 'signed-in' || access.includes(role);
}

/**
 * Where an operation is and who may call it: the part of the route table the browser needs at
 * run time. Its schemas are in the matching `*Io.ts` table, which only the server loads (the
 * browser imports their types), so zod stays out of the browser bundles.
 */
export interface OperationInfo {
  method: Method;
  /** Under /api; `:name` marks a path parameter. */
  path: string;
  access: Access;
}

/** One operation of the table, knowing its own id (for the types of its schemas). */
export type Operation<K extends string = string> = OperationInfo & { readonly id: K };

export type Operations<T extends Record<string, OperationInfo>> = {
  readonly [K in keyof T & string]: T[K] & { readonly id: K };
};

/** A table of operations keyed by id; each entry learns its id. */
export function defineOperations<const T extends Record<string, OperationInfo>>(table: T): Operations<T> {
  return Object.fromEntries(
    Object.entries(table).map(([id, info]) => [id, { ...info, id }]),
  ) as Operations<T>;
}

type Schema = z.ZodType;

/** What an operation takes and answers, and how the API document describes it. */
export interface OperationIo {
  summary: string;
  description?: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  headers?: Schema;
  /** Answers by status; a 204 is `noContent`. */
  response: Partial<Record<number, Schema>>;
  /** Media types of the body other than JSON (an upload form). */
  consumes?: string[];
  /** Media types of the answer other than JSON (a calendar file). */
  produces?: string[];
}

/** The schemas of every operation of a table, no more and no fewer (checked by the compiler). */
export type IoTable<T extends Record<string, OperationInfo>> = { readonly [K in keyof T]: OperationIo };

/** An area's schemas, each under the area's tag in the API document. */
export function taggedIo<const T extends Record<string, OperationIo>>(
  tag: string,
  table: T,
): { readonly [K in keyof T]: T[K] & { tags: string[] } } {
  return Object.fromEntries(Object.entries(table).map(([id, io]) => [id, { ...io, tags: [tag] }])) as never;
}
