import { apiResult } from '../api/api';
import { authStore } from '../auth/authStore';
import { routes } from '../contract/operations/routes';
import { fittingPreferences, type Preferences } from '../contract/preferences';
import { preferencesFromStorage, writePreferencesToStorage } from './preferenceStorage';

/** Changes that come in a burst (a run of column toggles) are sent once. */
export const SAVE_PAUSE_MS = 500;

let pending: { timer: ReturnType<typeof setTimeout>; document: Preferences } | null = null;

const send = (document: Preferences) =>
  authStore.getState().token ? apiResult(routes.preferencesReplace, { body: document }) : undefined;

/**
 * At sign-in, before the screens mount: the person's saved preferences become the defaults
 * the screens read (an empty URL of the leads view included). A failure keeps this
 * browser's own defaults; sign-in goes on.
 */
export async function restorePreferences(storage: Storage = window.localStorage): Promise<void> {
  const saved = await apiResult(routes.preferencesGet);
  if (saved.success) writePreferencesToStorage(storage, fittingPreferences(saved.data));
}

/**
 * After a screen changed a preference in local storage: sends this browser's document to the
 * person's record once changes pause. The document is read now, while storage holds it.
 */
export function savePreferencesSoon(storage: Storage = window.localStorage): void {
  const document = preferencesFromStorage(storage);
  if (pending) clearTimeout(pending.timer);
  const timer = setTimeout(() => {
    pending = null;
    void send(document);
  }, SAVE_PAUSE_MS);
  pending = { timer, document };
}

/** Before sign-out clears storage and the session: a change still waiting is sent now. */
export async function flushPreferences(): Promise<void> {
  if (!pending) return;
  clearTimeout(pending.timer);
  const { document } = pending;
  pending = null;
  await send(document);
}
