import type { IoTable } from './operation';
import type { Routes } from './routes';
import { schedulingIo } from './schedulingIo';
import { syncIo } from './syncIo';
import { viewsIo } from './viewsIo';
import { authIo } from './authIo';
import { usersIo } from './usersIo';
import { preferencesIo } from './preferencesIo';
import { notificationsIo } from './notificationsIo';
import { businessIo } from './businessIo';
import { healthIo } from './healthIo';
import { resourcesIo } from './resourcesIo';
import { releasesIo } from './releasesIo';
import { backupsIo } from './backupsIo';
import { leadsIo } from './leadsIo';
import { dashboardIo } from './dashboardIo';

/** The schemas of every operation in `routes`; the compiler checks none is missing. */
export const routeIo = {
  ...viewsIo,
  ...authIo,
  ...usersIo,
  ...preferencesIo,
  ...notificationsIo,
  ...businessIo,
  ...healthIo,
  ...resourcesIo,
  ...releasesIo,
  ...backupsIo,
  ...leadsIo,
  ...dashboardIo,
  ...syncIo,
  ...schedulingIo,
} satisfies IoTable<Routes>;

export type RouteIo = typeof routeIo;
