/** The API's address for a path: same origin, under /api (the dev servers proxy it). */
export function apiUrl(path: string): string {
  return `/api${path.startsWith('/') ? path : `/${path}`}`;
}
