import {
  defaultLeadsView,
  leadsViewQuery,
  parseLeadsView,
  PREFERENCE_KEYS,
  savePreferencesSoon,
  type LeadsView,
} from '@auditdesk/shared';
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultVisibility, type ColumnVisibility } from './ColumnsMenu';
import { LEAD_COLUMNS, type LeadColumnId } from './leadTypes';
import { DEFAULT_PAGE_SIZE } from './pagination';
import { savedViewIn, withSavedView } from './views/savedViewParam';

const COLUMN_IDS = LEAD_COLUMNS.map((column) => column.id);

/** The visible columns as a list in the table's order, and back. */
export const visibleList = (visibility: ColumnVisibility): LeadColumnId[] =>
  COLUMN_IDS.filter((id) => visibility[id] !== false);
export const visibilityOf = (visible: readonly string[]): ColumnVisibility =>
  Object.fromEntries(COLUMN_IDS.map((id) => [id, visible.includes(id)]));

/** How long typing pauses before the URL follows it. */
const TYPING_PAUSE_MS = 300;

/**
 * A view asked for, its query string, the URL it was asked on, and the URLs of earlier asks
 * written since, which may still land.
 */
interface Asked {
  view: LeadsView;
  query: string;
  base: URLSearchParams;
  landing: string[];
}

/** The spec's view: what a link leaves out is what it means. */
const SPEC_VIEW: LeadsView = { ...defaultLeadsView(), visibleColumns: visibleList(defaultVisibility()) };

/** Whether `asked` is still to be shown at `url`: the URL has not moved, or moved only to an earlier ask of ours. */
function stillAsked(asked: Asked | null, url: URLSearchParams): asked is Asked {
  if (!asked) return false;
  if (asked.base === url) return true;
  const query = url.toString();
  return asked.landing.includes(query) && query !== asked.query;
}

/**
 * The leads screen's view in the URL (shared/src/leads/leadsView.ts): a link, a reload, back
 * and forward show the same rows. What a link leaves out is the person's own page size and
 * columns (kept in local storage as before), else the spec's.
 */
export function useLeadsView() {
  const [params, setParams] = useSearchParams();
  const [pageSize, setPageSize] = useLocalStorage<number>({
    key: PREFERENCE_KEYS.leadsPageSize,
    defaultValue: DEFAULT_PAGE_SIZE,
    getInitialValueInEffect: false,
  });
  const [visibility, setVisibility] = useLocalStorage<ColumnVisibility>({
    key: PREFERENCE_KEYS.leadsColumns,
    defaultValue: defaultVisibility(),
    getInitialValueInEffect: false,
  });
  const defaults = useMemo(
    () => ({ ...defaultLeadsView(pageSize), visibleColumns: visibleList(visibility) }),
    [pageSize, visibility],
  );
  const fromUrl = useMemo(() => parseLeadsView(params, COLUMN_IDS, defaults), [params, defaults]);
  // The router applies a new URL in a transition, a render or more later. Until the URL shows
  // the view last asked for, the screen shows (and the next change builds on) that view: a
  // typed letter shows at once, and two quick changes never undo each other — also when the
  // URL of an earlier letter lands meanwhile (a slow machine pauses between keystrokes). Once
  // the URL shows the view asked for, or moves elsewhere (back / forward), it is the view again.
  const [asked, setAsked] = useState<Asked | null>(null);
  const shown = stillAsked(asked, params) ? asked.view : fromUrl;
  const now = useRef({ params, fromUrl });
  const pending = useRef<Asked | null>(null);
  useLayoutEffect(() => {
    now.current = { params, fromUrl };
  }, [params, fromUrl]);

  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLayoutEffect(() => () => clearTimeout(typing.current), []);

  /**
   * A new view. `replace`: the next letters of a search or a filter, so back does not walk
   * every letter; their URL is written once typing pauses, so a keystroke repaints the rows
   * without a navigation. `savedView`: the saved view the URL now names (by default the one it
   * named).
   */
  const change = useCallback(
    (
      next: Partial<LeadsView>,
      { replace = false, savedView }: { replace?: boolean; savedView?: number | null } = {},
    ) => {
      if (next.pageSize !== undefined) setPageSize(next.pageSize);
      if (next.visibleColumns) setVisibility(visibilityOf(next.visibleColumns));
      // the page size and the columns follow the person to other browsers
      if (next.pageSize !== undefined || next.visibleColumns) savePreferencesSoon();
      const base = now.current.params;
      const earlier = stillAsked(pending.current, base) ? pending.current : null;
      const view = { ...(earlier?.view ?? now.current.fromUrl), ...next };
      const named = savedView === undefined ? savedViewIn(base) : savedView;
      const query = withSavedView(leadsViewQuery(view, SPEC_VIEW), named).toString();
      pending.current = { view, query, base, landing: earlier?.landing ?? [] };
      setAsked(pending.current);
      clearTimeout(typing.current);
      const write = () => {
        // while later asks wait, this URL landing must not undo them
        const latest = pending.current!;
        pending.current = { ...latest, landing: [...latest.landing, query] };
        setAsked(pending.current);
        setParams(new URLSearchParams(query), { replace });
      };
      if (replace) typing.current = setTimeout(write, TYPING_PAUSE_MS);
      else write();
    },
    [setParams, setPageSize, setVisibility],
  );
  return { view: shown, change };
}
