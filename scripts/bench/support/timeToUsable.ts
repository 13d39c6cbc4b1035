import type { Page } from '@playwright/test';
import type { UsableMark } from './appPages';
import { STILL_LOADING } from './sidebarScreens';

export interface UsableTiming {
  /** from the click to the first frame painted with every mark on screen and nothing loading */
  ms: number;
  /** the requests to /api/ that started within that time: path and duration (ms) */
  requests: { path: string; ms: number }[];
}

/**
 * Clicks the element `target` selects (in the page, so the clock starts with the click
 * itself) and waits for the frame after the DOM holds every mark with no skeleton or loader
 * left in the page. Fails after `timeoutMs`.
 */
export async function timeToUsable(
  page: Page,
  target: string,
  marks: UsableMark[],
  timeoutMs = 30_000,
): Promise<UsableTiming> {
  return page.evaluate(
    async ({ target, marks, loading, timeoutMs }) => {
      const element = document.querySelector<HTMLElement>(target);
      if (!element) throw new Error(`nothing to click: ${target}`);
      const met = () =>
        marks.every((mark) =>
          [...document.querySelectorAll(mark.selector)].some(
            (candidate) => !mark.text || (candidate.textContent ?? '').includes(mark.text),
          ),
        ) && document.querySelector(loading) === null;
      const started = performance.now();
      element.click();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`not usable ${timeoutMs} ms after clicking ${target}`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          if (!met()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const ended = performance.now();
      const requests = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= started && entry.startTime <= ended)
        .map((entry) => ({ url: new URL(entry.name), ms: Math.round(entry.duration) }))
        .filter(({ url }) => url.pathname.startsWith('/api/'))
        .map(({ url, ms }) => ({ path: url.pathname, ms }));
      return { ms: ended - started, requests };
    },
    { target, marks, loading: STILL_LOADING, timeoutMs },
  );
}
