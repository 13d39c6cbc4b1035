/**
 * Loads the page again (the same address) and never settles: what a tab does to take another
 * release of a remote whose code already ran in it.
 */
export function loadPageAgain(): Promise<never> {
  window.location.reload();
  return new Promise<never>(() => {});
}
