let apiRoot = '';

/** Where the API lives; same origin unless an app is served apart from it. */
export function setApiRoot(root: string): void {
  apiRoot = root.replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return `${apiRoot}/api${path.startsWith('/') ? path : `/${path}`}`;
}
