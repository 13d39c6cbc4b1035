import { freePort } from '../../testkit/freePort';
import { HUB_TRANSPORTS, openRawHub } from '../../testkit/clients/rawHubClient';
import { createTestApp, type TestApp } from '../../testkit/testApp';

const RS = '\x1e';

/** Hub messages no client should send; each must end only the connection that sent it. */
const MALFORMED: [string, string][] = [
  ['null', `null${RS}`],
  ['a number', `5${RS}`],
  ['a string', `"hello"${RS}`],
  ['an array', `[1,2]${RS}`],
  ['an object without a type', `{}${RS}`],
  ['a type that is text', `{"type":"1"}${RS}`],
  ['an invocation without a target', `{"type":1,"arguments":[]}${RS}`],
  ['a target that is a number', `{"type":1,"target":5,"arguments":[]}${RS}`],
  ['arguments that are not a list', `{"type":1,"target":"JoinSyncGroup","arguments":"x"}${RS}`],
  [
    'an invocation id that is an object',
    `{"type":1,"invocationId":{},"target":"JoinSyncGroup","arguments":[]}${RS}`,
  ],
  ['a stream invocation without an id', `{"type":4,"target":"x","arguments":[]}${RS}`],
  ['a completion without an id', `{"type":3}${RS}`],
  ['a close whose error is a number', `{"type":7,"error":5}${RS}`],
  ['text that is not JSON', `not json${RS}`],
  ['a message without its separator', `{"type":6}`],
];

describe('the hub refuses malformed messages without harm to anyone else', () => {
  let t: TestApp;
  let url: string;
  let base: string;
  let token: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp();
    await t.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
    url = `${base}/hubs/sync`;
    token = (await t.login()).access_token;
  });
  afterAll(() => t.close());

  describe.each(HUB_TRANSPORTS)('over %s', (transport) => {
    it.each(MALFORMED)(
      '%s: the sender gets a Close with an error, the server stays up',
      async (_name, text) => {
        const bystander = await openRawHub(url, token, transport);
        const sender = await openRawHub(url, token, transport);

        await sender.send(text);
        expect(await sender.next()).toEqual({ type: 7, error: expect.stringMatching(/^Invalid message: /) });
        expect(await sender.next()).toBe('closed');

        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        // the other connection still works: an invocation gets its completion
        await bystander.send(`{"type":1,"invocationId":"7","target":"JoinSyncGroup","arguments":[]}${RS}`);
        expect(await bystander.next()).toEqual({ type: 3, invocationId: '7' });
        await bystander.close();
      },
    );

    it.each([
      ['null', `null${RS}`],
      ['a list', `[]${RS}`],
      ['a version that is text', `{"protocol":"json","version":"1"}${RS}`],
    ])('answers a handshake that is %s with a handshake error', async (_name, handshake) => {
      const connection = await openRawHub(url, token, transport, { handshake });
      expect(await connection.next()).toEqual({ error: 'The handshake request is not valid.' });
      expect(await connection.next()).toBe('closed');
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    });

    it('takes 20,000 levels of nesting in an argument in its stride', async () => {
      const connection = await openRawHub(url, token, transport);
      await connection.send(
        `{"type":1,"invocationId":"9","target":"JoinSyncGroup","arguments":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}${RS}`,
      );
      expect(await connection.next()).toEqual({ type: 3, invocationId: '9' });
      await connection.close();
    });
  });

  it('ignores a message of a type newer than this server knows', async () => {
    const connection = await openRawHub(url, token, 'WebSockets');
    await connection.send(
      `{"type":42,"anything":true}${RS}{"type":1,"invocationId":"1","target":"JoinSyncGroup","arguments":[]}${RS}`,
    );
    expect(await connection.next()).toEqual({ type: 3, invocationId: '1' });
    await connection.close();
  });
});
