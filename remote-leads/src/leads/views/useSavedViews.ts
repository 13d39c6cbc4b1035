import {
  standardViewState,
  toastFailure,
  toastSuccess,
  useAccess,
  useAuth,
  viewStateOf,
  VIEW_SHARERS,
  type LeadsView,
  type SavedView,
  type SavedViews,
} from '@auditdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { savedViewIn, viewAddressIn } from './savedViewParam';
import { differsFrom, resolvedState } from './viewComparison';
import { chooseDefaultView, createView, deleteView, savedViewsQuery, updateView } from './viewsApi';

/** useLeadsView's change. */
export type ChangeView = (
  next: Partial<LeadsView>,
  options?: { replace?: boolean; savedView?: number | null },
) => void;

/** A name and whether everyone sees it: what Save as and Rename ask. */
export interface ViewNaming {
  name: string;
  shared: boolean;
}

/**
 * The saved views beside the leads screen's view: which one the URL names, whether the screen
 * still shows it, and opening, saving, renaming, deleting one and choosing the default. A view
 * opened goes into the URL, so back, forward and a copied link keep working.
 */
export function useSavedViews(view: LeadsView, change: ChangeView) {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const user = useAuth((state) => state.user);
  const query = savedViewsQuery(user?.id);
  const saved = useQuery(query);
  const mayShare = useAccess(VIEW_SHARERS);
  const views = saved.data?.views ?? [];
  const activeId = savedViewIn(params);
  const active = views.find((candidate) => candidate.id === activeId) ?? null;
  const defaultViewId = saved.data?.defaultViewId ?? null;
  const reload = () => client.invalidateQueries({ queryKey: query.queryKey });
  /** The menu shows a view just saved at once, before the list is read again. */
  const remember = (kept: SavedView) =>
    client.setQueryData<SavedViews>(query.queryKey, (old) =>
      old
        ? {
            ...old,
            views: old.views.some((other) => other.id === kept.id)
              ? old.views.map((other) => (other.id === kept.id ? kept : other))
              : [...old.views, kept],
          }
        : old,
    );

  /** A saved view, or (null) the standard one with the person's page size and columns. */
  const open = (target: SavedView | null, { replace = false } = {}) => {
    const state = target
      ? resolvedState(target.state, view)
      : { ...standardViewState(), pageSize: view.pageSize, visibleColumns: view.visibleColumns };
    change({ ...state, page: 1 }, { savedView: target?.id ?? null, replace });
  };

  // an empty leads address opens the person's default view; taking its place, so back leaves
  const openedEmpty = useRef(params.toString() === '');
  const defaultView = views.find((candidate) => candidate.id === defaultViewId) ?? null;
  useEffect(() => {
    if (!openedEmpty.current || !saved.isSuccess) return;
    openedEmpty.current = false;
    if (defaultView && params.toString() === '') open(defaultView, { replace: true });
  });

  // a view's own address (`?view=N` alone, a link or a bookmark) opens the view as saved,
  // in place of the address; one the person cannot see says so and shows the standard view
  const addressed = viewAddressIn(params);
  const openedAddress = useRef<number | null>(null);
  useEffect(() => {
    if (addressed === null) openedAddress.current = null;
    // once per arrival at the address: the URL of the view opened lands a render or more later
    if (addressed === null || !saved.isSuccess || openedAddress.current === addressed) return;
    openedAddress.current = addressed;
    const target = views.find((candidate) => candidate.id === addressed);
    if (target) return open(target, { replace: true });
    toastFailure('This view does not exist, or it is not shared with you.', 'View not found');
    change({}, { savedView: null, replace: true });
  });

  const failed = (title: string) => (error: Error) => toastFailure(error.message, title);

  const saveOver = useMutation({
    mutationFn: (target: SavedView) => updateView(target.id, { state: viewStateOf(view) }),
    onSuccess: (updated) =>
      toastSuccess(`The view "${updated.name}" now shows what is on the screen.`, 'View saved'),
    onError: failed('The view could not be saved'),
    onSettled: reload,
  });
  // Save as and Rename show their failure in their dialog (a name already taken, above all)
  const saveAs = useMutation({
    mutationFn: ({ name, shared }: ViewNaming) => createView({ name, shared, state: viewStateOf(view) }),
    onSuccess: (created) => {
      remember(created);
      change({}, { savedView: created.id });
      toastSuccess(`The view "${created.name}" was saved.`, 'View saved');
    },
    onSettled: reload,
  });
  const rename = useMutation({
    mutationFn: ({ target, naming }: { target: SavedView; naming: ViewNaming }) =>
      updateView(target.id, {
        name: naming.name,
        ...(naming.shared !== target.shared && { shared: naming.shared }),
      }),
    onSuccess: (updated, { target }) => {
      remember(updated);
      const said = [
        updated.name !== target.name && `The view is now named "${updated.name}".`,
        updated.shared !== target.shared &&
          (updated.shared
            ? `Everyone now sees the view "${updated.name}".`
            : `The view "${updated.name}" is no longer shared.`),
      ].filter(Boolean);
      toastSuccess(said.join(' ') || 'Nothing was changed.', 'View saved');
    },
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: (target: SavedView) => deleteView(target.id),
    onSuccess: (_, target) => {
      // the rows stay as they are; the URL just names no view any more
      if (target.id === activeId) change({}, { savedView: null });
      toastSuccess(`The view "${target.name}" was deleted.`, 'View deleted');
    },
    onError: failed('The view could not be deleted'),
    onSettled: reload,
  });
  const chooseDefault = useMutation({
    mutationFn: (target: SavedView | null) => chooseDefaultView(target?.id ?? null),
    onSuccess: (_, target) =>
      toastSuccess(
        target
          ? `The leads screen now opens with the view "${target.name}".`
          : 'The leads screen now opens with the standard view.',
        'Default view',
      ),
    onError: failed('The default view could not be changed'),
    onSettled: reload,
  });

  return {
    saved,
    views,
    active,
    modified: active !== null && differsFrom(view, active.state),
    defaultViewId,
    mayShare,
    open,
    saveOver,
    saveAs,
    rename,
    remove,
    chooseDefault,
  };
}

export type SavedViewsState = ReturnType<typeof useSavedViews>;
