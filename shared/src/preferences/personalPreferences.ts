import { apiResult } from '../api/api';
import { authStore } from '../session/authStore';
import { routes } from '../contract/operations/routes';
import { storedPreferenceParts, writePreferencesToStorage } from './preferenceKeys';

// The contract's check of a document needs zod (24 KB gzip): loaded when a document is sent or
// restored, not at a page's start.
const fittingPreferences = () =>
  import('../contract/preferences').then((module) => module.fittingPreferences);

/** Changes that come in a burst (a run of column toggles) are sent once. */
export const SAVE_PAUSE_MS = 500;

let pending: { timer: ReturnType<typeof setTimeout>; stored: Record<string, unknown> } | null = null;

async function send(stored: Record<string, unknown>) {
  if (!authStore.getState().token) return;
  const document = (await fittingPreferences())(stored);
  await apiResult(routes.preferencesReplace, { body: document });
}

/**
 * At sign-in, before the screens mount: the person's saved preferences become the defaults
 * the screens read (an empty URL of the leads view included). A failure keeps this
 * browser's own defaults; sign-in goes on.
 */
export async function restorePreferences(storage: Storage = window.localStorage): Promise<void> {
  const [saved, fitting] = await Promise.all([apiResult(routes.preferencesGet), fittingPreferences()]);
  if (saved.success) writePreferencesToStorage(storage, fitting(saved.data));
}

/**
 * After a screen changed a preference in local storage: sends this browser's document to the
 * person's record once changes pause. The document is read now, while storage holds it.
 */
export function savePreferencesSoon(storage: Storage = window.localStorage): void {
  const stored = storedPreferenceParts(storage);
  if (pending) clearTimeout(pending.timer);
  const timer = setTimeout(() => {
    pending = null;
    void send(stored);
  }, SAVE_PAUSE_MS);
  pending = { timer, stored };
}

/** Before sign-out clears storage and the session: a change still waiting is sent now. */
export async function flushPreferences(): Promise<void> {
  if (!pending) return;
  clearTimeout(pending.timer);
  const { stored } = pending;
  pending = null;
  await send(stored);
}
