import { freePort } from '../../testkit/freePort';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const RS = '\x1e';

/**
 * The hub ends a long-polling connection between two polls (the client is busy with the
 * last answer): the Close it sent must still reach the next poll, not a 404.
 */
describe('a long-polling connection ended between two polls', () => {
  let t: TestApp;
  let url: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp();
    await t.app.listen({ port, host: '127.0.0.1' });
    url = `http://127.0.0.1:${port}/hubs/sync`;
    headers = { authorization: `Bearer ${(await t.login()).access_token}` };
  });
  afterAll(() => t.close());

  it('gives its Close to the next poll, then 204, and takes no more messages', async () => {
    const negotiated = await fetch(`${url}/negotiate?negotiateVersion=1`, { method: 'POST', headers });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const at = `${url}?id=${connectionToken}`;
    const poll = () => fetch(at, { headers });
    const post = (text: string) =>
      fetch(at, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: text });

    expect((await poll()).status).toBe(200); // opens the transport
    await post(`{"protocol":"json","version":1}${RS}`);
    expect(await (await poll()).text()).toBe(`{}${RS}`);

    // no poll is waiting when the malformed message ends the connection
    expect((await post(`{"type":1,"arguments":[]}${RS}`)).status).toBe(200);

    const last = await poll();
    expect(last.status).toBe(200);
    expect(JSON.parse((await last.text()).split(RS)[0]!)).toEqual({
      type: 7,
      error: expect.stringMatching(/^Invalid message: /),
    });
    expect((await poll()).status).toBe(204);
    expect((await post(`{"type":6}${RS}`)).status).toBe(404);
  });
});
