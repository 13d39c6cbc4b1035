import { api, routes, type LeadsViewState } from '@auditdesk/shared';

/** One person's views: the key names them, so a later sign-in in this tab never sees another's. */
export const savedViewsQuery = (userId: string | undefined) => ({
  queryKey: ['saved-views', userId],
  queryFn: () => api(routes.viewsList),
});

export interface ViewFields {
  name: string;
  shared: boolean;
  state: LeadsViewState;
}

export const createView = (fields: ViewFields) => api(routes.viewsCreate, { body: fields });

export const updateView = (id: number, changes: Partial<ViewFields>) =>
  api(routes.viewsUpdate, { params: { id }, body: changes });

export const deleteView = (id: number) => api(routes.viewsDelete, { params: { id } });

/** The view an empty leads address opens; null for the standard view. */
export const chooseDefaultView = (viewId: number | null) => api(routes.viewsSetDefault, { body: { viewId } });
