import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Hovered only after the pointer has rested on the element for `delayMs`: a pointer that
 * merely passes over it (on its way to the content) does not open it. Attach the returned
 * ref to the element.
 *
 * Native mouseenter/mouseleave, not React's onMouseEnter/onMouseLeave: React builds those
 * from mouseout/mouseover pairs, and when the element under the pointer is replaced (a nav
 * link re-rendered as the route changes) the browser's mouseout goes to the detached node,
 * React never sees the leave, and the sidebar stayed open over the page.
 */
export function useHoverIntent<T extends HTMLElement>(
  delayMs: number,
): [boolean, (element: T | null) => void] {
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const detach = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const ref = useCallback(
    (element: T | null) => {
      detach.current?.();
      detach.current = undefined;
      if (!element) return;
      const open = () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setHovered(true), delayMs);
      };
      const close = () => {
        clearTimeout(timer.current);
        setHovered(false);
      };
      element.addEventListener('mouseenter', open);
      element.addEventListener('mouseleave', close);
      detach.current = () => {
        element.removeEventListener('mouseenter', open);
        element.removeEventListener('mouseleave', close);
      };
    },
    [delayMs],
  );
  return [hovered, ref];
}
