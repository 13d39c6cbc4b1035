/**
 * The table's header row as one Tab stop (the roving tabindex of WAI-ARIA's composite
 * widgets): Tab enters it on the control last used (at first the first one, "Toggle select
 * all") and leaves it for the rows; Left and Right move between its controls (sort buttons,
 * column filters, the Referred by boxes), Home and End to the first and last. In a text box
 * the arrows move the caret, and move on only from its start or end. Framework-free: it works
 * on whatever the table library renders.
 */

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), a[href], select:not([disabled]), textarea';

export const HEADER_KEYS_HINT =
  'In the column headers, the Left and Right arrow keys move between sorting, the filters and the boxes; Tab goes on to the rows.';

/** The header's controls, in order. */
export function headerControls(head: Element): HTMLElement[] {
  return [...head.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getAttribute('aria-hidden') !== 'true' && !element.closest('[hidden]'),
  );
}

/** Leaves `current` (or the first control, if it is gone) the one Tab stop of the header. */
export function keepOneTabStop(head: Element, current: Element | null, hintId: string): HTMLElement | null {
  const controls = headerControls(head);
  const stop = controls.find((control) => control === current) ?? controls[0] ?? null;
  for (const control of controls) {
    const tabIndex = control === stop ? '0' : '-1';
    if (control.getAttribute('tabindex') !== tabIndex) control.setAttribute('tabindex', tabIndex);
    if (!control.hasAttribute('aria-describedby')) control.setAttribute('aria-describedby', hintId);
  }
  return stop;
}

const isTextBox = (element: HTMLElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(element.type);

/** Where a key pressed on `from` moves the focus in the header, or null to leave the key alone. */
export function arrowTarget(head: Element, from: HTMLElement, key: string): HTMLElement | null {
  const controls = headerControls(head);
  const index = controls.indexOf(from);
  if (index < 0) return null;
  if (isTextBox(from)) {
    const { selectionStart, selectionEnd, value } = from;
    const atStart = selectionStart === 0 && selectionEnd === 0;
    const atEnd = selectionStart === value.length && selectionEnd === value.length;
    if ((key === 'ArrowLeft' && !atStart) || (key === 'ArrowRight' && !atEnd)) return null;
    if (key === 'Home' || key === 'End') return null;
  }
  switch (key) {
    case 'ArrowLeft':
      return controls[Math.max(0, index - 1)] ?? null;
    case 'ArrowRight':
      return controls[Math.min(controls.length - 1, index + 1)] ?? null;
    case 'Home':
      return controls[0] ?? null;
    case 'End':
      return controls.at(-1) ?? null;
    default:
      return null;
  }
}
