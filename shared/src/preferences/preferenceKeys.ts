import type { Preferences } from '../contract/preferences';

/**
 * Where each preference lives in local storage, as the screens read it (JSON, as Mantine's
 * useLocalStorage writes it). The one place that ties a preference to its key.
 */
export const PREFERENCE_KEYS = {
  leadsColumns: 'leads.columnVisibility',
  leadsPageSize: 'leads.pageSize',
  periodRange: 'scheduling.periodRange',
  sidebarPinned: 'sidebarPinned',
} as const satisfies Record<keyof Preferences, string>;

const PREFERENCE_PARTS = Object.keys(PREFERENCE_KEYS) as (keyof Preferences)[];

/**
 * Each preference this browser holds as stored, not yet checked against the contract. Kept
 * apart from the check (zod, 24 KB gzip) so that no page loads zod at start for it.
 */
export function storedPreferenceParts(storage: Pick<Storage, 'getItem'>): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const part of PREFERENCE_PARTS) {
    const raw = storage.getItem(PREFERENCE_KEYS[part]);
    if (raw === null) continue;
    try {
      found[part] = JSON.parse(raw);
    } catch {
      // not JSON: not a value this app wrote, so not one to keep
    }
  }
  return found;
}

/** Puts a person's saved preferences where the screens read their defaults. */
export function writePreferencesToStorage(storage: Pick<Storage, 'setItem'>, saved: Preferences): void {
  for (const part of PREFERENCE_PARTS) {
    const value = saved[part];
    if (value !== undefined) storage.setItem(PREFERENCE_KEYS[part], JSON.stringify(value));
  }
}
