import { apiData, type LeadsViewState, type SavedView, type SavedViews } from '@auditdesk/shared';

/** One person's views: the key names them, so a later sign-in in this tab never sees another's. */
export const savedViewsQuery = (userId: string | undefined) => ({
  queryKey: ['saved-views', userId],
  queryFn: () => apiData<SavedViews>('/views'),
});

export interface ViewFields {
  name: string;
  shared: boolean;
  state: LeadsViewState;
}

export const createView = (fields: ViewFields) =>
  apiData<SavedView>('/views', { method: 'POST', body: fields });

export const updateView = (id: number, changes: Partial<ViewFields>) =>
  apiData<SavedView>(`/views/${id}`, { method: 'PATCH', body: changes });

export const deleteView = (id: number) => apiData<null>(`/views/${id}`, { method: 'DELETE' });

/** The view an empty leads address opens; null for the standard view. */
export const chooseDefaultView = (viewId: number | null) =>
  apiData<{ viewId: number | null }>('/views/default', { method: 'PUT', body: { viewId } });
