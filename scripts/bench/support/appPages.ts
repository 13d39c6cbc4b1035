/** An element that shows a page is usable: it matches `selector` and holds `text`, if given. */
export interface UsableMark {
  selector: string;
  text?: string;
}

/** A page of the app and when it is usable: what a person came for is on screen. */
export interface AppPage {
  path: '/login' | '/scheduling' | '/leads' | '/sync';
  signedIn: boolean;
  /** all of them on screen */
  usableWhen: UsableMark[];
}

export const APP_PAGES: AppPage[] = [
  { path: '/login', signedIn: false, usableWhen: [{ selector: 'button[type="submit"]', text: 'Sign in' }] },
  {
    path: '/scheduling',
    signedIn: true,
    // the heading and the KPI numbers (the chart loads after)
    usableWhen: [
      { selector: 'h1', text: 'Scheduling Management' },
      { selector: '[data-testid="stat-Total Leads"]' },
    ],
  },
  {
    path: '/leads',
    signedIn: true,
    // the heading and the table's footer (rows counted)
    usableWhen: [{ selector: 'h1', text: 'Lead Management' }, { selector: '[data-testid="leads-footer"]' }],
  },
  {
    path: '/sync',
    signedIn: true,
    // the heading, the status's counters and the live connection a run reports through (the
    // page opens it at once: whether its client had arrived by the counters was up to chance)
    usableWhen: [
      { selector: 'h1', text: 'Calendar Sync' },
      { selector: '[aria-label="Total syncs"]' },
      { selector: '[aria-label="Live updates: Connected"]' },
    ],
  },
];

/**
 * Runs in the page before its scripts: records in `window.__usableAt` the moment (on the
 * page's clock) the DOM first holds every mark, checked on each change of the DOM, then calls
 * `window.__onUsable` if a script set one.
 */
export const RECORD_USABLE_AT = `(marks) => {
  const met = () => marks.every((mark) =>
    [...document.querySelectorAll(mark.selector)].some((element) => !mark.text || element.textContent.includes(mark.text)));
  const observer = new MutationObserver(() => {
    if (met()) {
      window.__usableAt = performance.now();
      observer.disconnect();
      window.__onUsable?.();
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}`;
