import type { IoTable } from './operation';
import type { Routes } from './routes';
import { schedulingIo } from './schedulingIo';
import { syncIo } from './syncIo';
import { viewsIo } from './viewsIo';

/** The schemas of every operation in `routes`; the compiler checks none is missing. */
export const routeIo = {
  ...viewsIo,
  ...syncIo,
  ...schedulingIo,
} satisfies IoTable<Routes>;

export type RouteIo = typeof routeIo;
