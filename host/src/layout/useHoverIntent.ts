import { useEffect, useRef, useState } from 'react';

/**
 * Hovered only after the pointer has rested on the element for `delayMs`: a pointer that
 * merely passes over it (on its way to the content) does not open it.
 */
export function useHoverIntent(delayMs: number): [boolean, { open: () => void; close: () => void }] {
  const [hovered, setHovered] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    hovered,
    {
      open: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setHovered(true), delayMs);
      },
      close: () => {
        clearTimeout(timer.current);
        setHovered(false);
      },
    },
  ];
}
