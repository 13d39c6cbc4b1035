import { useCallback, useRef } from 'react';

interface Opener {
  element: HTMLElement;
  /** To find the control again if the list it sits in was drawn anew meanwhile. */
  label: string | null;
}

/**
 * Gives the focus back to the control that opened a dialog once it closes, also when the
 * dialog was unmounted with it or the control was drawn anew (a table row after a save):
 * `remember()` as the dialog opens, `restore()` as it closes.
 */
export function useFocusReturn() {
  const opener = useRef<Opener | null>(null);
  const remember = useCallback(() => {
    const element = document.activeElement;
    opener.current =
      element instanceof HTMLElement && element !== document.body
        ? { element, label: element.getAttribute('aria-label') }
        : null;
  }, []);
  const restore = useCallback(() => {
    const saved = opener.current;
    opener.current = null;
    if (!saved) return;
    // after the dialog's own closing has run (it may move the focus itself)
    setTimeout(() => {
      const again = saved.element.isConnected
        ? saved.element
        : saved.label
          ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(saved.label)}"]`)
          : null;
      again?.focus();
    }, 0);
  }, []);
  return { remember, restore };
}
