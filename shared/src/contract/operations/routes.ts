import { authOperations } from './authOperations';
import { usersOperations } from './usersOperations';
import { preferencesOperations } from './preferencesOperations';
import { notificationsOperations } from './notificationsOperations';
import { businessOperations } from './businessOperations';
import { healthOperations } from './healthOperations';
import { resourcesOperations } from './resourcesOperations';
import { releasesOperations } from './releasesOperations';
import { backupsOperations } from './backupsOperations';
import { dashboardOperations } from './dashboardOperations';
import { leadsOperations } from './leadsOperations';
import { schedulingOperations } from './schedulingOperations';
import { syncOperations } from './syncOperations';
import { viewsOperations } from './viewsOperations';

/**
 * Every operation of the API, by id: method, path and who may call it. The one place a path
 * is written: the server registers its routes from here, the apps call them through
 * `api(routes.x, …)`, and the API document, the fuzz and docs/api.md are generated from it.
 */
export const routes = {
  ...viewsOperations,
  ...authOperations,
  ...usersOperations,
  ...preferencesOperations,
  ...notificationsOperations,
  ...businessOperations,
  ...healthOperations,
  ...resourcesOperations,
  ...releasesOperations,
  ...backupsOperations,
  ...leadsOperations,
  ...dashboardOperations,
  ...syncOperations,
  ...schedulingOperations,
};

export type Routes = typeof routes;
export type OperationId = keyof Routes;
