/**
 * Just enough of a browser for a sign-in dance over HTTP: follows redirects by hand, keeps
 * cookies, and submits the provider's login and consent forms.
 */
export function createBrowserLikeClient() {
  const cookies = new Map<string, string>();

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  }

  function formOf(html: string, base: string): { action: string; fields: Record<string, string> } {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
    const fields: Record<string, string> = {};
    for (const [, name, value] of html.matchAll(
      /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g,
    )) {
      fields[name!] = value!;
    }
    return { action: new URL(action, base).href, fields };
  }

  return {
    /** A request from this browser: its cookies go along, redirects are not followed. */
    request,

    /**
     * Starts at `url` and follows the dance until a redirect goes where `stop` says (by
     * default: a page of the host app on `stopAtOrigin`); answers that address.
     */
    async signIn(
      url: string,
      login: string,
      stopAtOrigin: string,
      stop = (target: URL) => target.origin === stopAtOrigin && !target.pathname.startsWith('/api/'),
    ): Promise<URL> {
      let next = url;
      for (let step = 0; step < 20; step += 1) {
        const response = await request(next);
        const location = response.headers.get('location');
        if (location) {
          const target = new URL(location, next);
          if (stop(target)) return target;
          next = target.href;
          continue;
        }
        const html = await response.text();
        const form = formOf(html, next);
        const fields = {
          ...form.fields,
          ...(form.fields.prompt === 'login' ? { login, password: 'any' } : {}),
        };
        const submitted = await request(form.action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
        next = new URL(submitted.headers.get('location') ?? form.action, form.action).href;
      }
      throw new Error('the sign-in did not finish in 20 steps');
    },
  };
}
