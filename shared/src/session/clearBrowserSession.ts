/** Sign-out hygiene: local storage, session storage and every cookie this page can see. */
export function clearBrowserSession(): void {
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // storage disabled: nothing to clear
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
