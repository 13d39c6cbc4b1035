import type { IoTable } from './operation';
import type { Routes } from './routes';
import { viewsIo } from './viewsIo';
import { leadsIo } from './leadsIo';
import { dashboardIo } from './dashboardIo';

/** The schemas of every operation in `routes`; the compiler checks none is missing. */
export const routeIo = {
  ...viewsIo,
  ...leadsIo,
  ...dashboardIo,
} satisfies IoTable<Routes>;

export type RouteIo = typeof routeIo;
