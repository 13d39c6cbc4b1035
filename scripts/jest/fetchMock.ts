type Handler = (request: {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}) => Response | Promise<Response>;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Replaces fetch with a handler and records every call, so tests can see exactly what
 * the client sent (the server contract), not how it was built.
 */
export function mockFetch(handler: Handler) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  return { calls, restore: () => spy.mockRestore() };
}
