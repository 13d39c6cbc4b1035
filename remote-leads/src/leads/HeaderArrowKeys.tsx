import { VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { arrowTarget, HEADER_KEYS_HINT, keepOneTabStop } from './headerArrowKeys';

/** The table inside, with its header row one Tab stop whose controls the arrow keys reach. */
export function HeaderArrowKeys({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const current = useRef<Element | null>(null);
  const hintId = useId();

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    // the library renders the header again (a sort, new columns): its new controls join in
    const apply = () => {
      const head = root.querySelector('thead');
      if (head) current.current = keepOneTabStop(head, current.current, hintId);
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hintId]);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const head = (event.target as Element).closest('thead');
    if (!head) return;
    current.current = event.target;
    keepOneTabStop(head, event.target, hintId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const head = target.closest('thead');
    if (!head || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = arrowTarget(head, target, event.key);
    if (!next || next === target) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <div ref={box} onFocus={onFocus} onKeyDown={onKeyDown}>
      <VisuallyHidden id={hintId}>{HEADER_KEYS_HINT}</VisuallyHidden>
      {children}
    </div>
  );
}
