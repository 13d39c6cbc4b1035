import { Anchor } from '@mantine/core';
import './skipLink.css';

/** Where "Skip to main content" goes: the page's main region, focusable by script only. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of every signed-in page: past the top bar and the sidebar, straight to
 * the page. Focus moves by script (a #hash would enter the router's history).
 */
export function SkipLink() {
  return (
    <Anchor
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      fw={600}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      Skip to main content
    </Anchor>
  );
}
