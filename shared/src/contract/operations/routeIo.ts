import type { IoTable } from './operation';
import type { Routes } from './routes';
import { viewsIo } from './viewsIo';

/** The schemas of every operation in `routes`; the compiler checks none is missing. */
export const routeIo = {
  ...viewsIo,
} satisfies IoTable<Routes>;

export type RouteIo = typeof routeIo;
