import { api, routes } from '@auditdesk/shared';
import type { RestoreRequest } from '@auditdesk/shared/core';

export const fetchBackups = () => api(routes.backupsOverview);
export const backUpNow = () => api(routes.backupsCreate);
export const fetchImpact = (name: string) => api(routes.backupsImpact, { params: { name } });
export const restoreTo = (request: RestoreRequest) => api(routes.backupsRestore, { body: request });
