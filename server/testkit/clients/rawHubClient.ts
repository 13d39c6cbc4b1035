import WebSocket from 'ws';

const RS = '\x1e';
export const HUB_TRANSPORTS = ['WebSockets', 'ServerSentEvents', 'LongPolling'] as const;
export type HubTransport = (typeof HUB_TRANSPORTS)[number];

/** A hub connection spoken by hand, to send what the official client never would. */
export interface RawHubConnection {
  /** Sends text as it is (frames must carry their own record separators). */
  send(text: string): Promise<void>;
  /** The next message the server sends (parsed), or 'closed' once the transport ended. */
  next(timeoutMs?: number): Promise<unknown>;
  close(): Promise<void>;
}

function messageQueue() {
  const messages: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  let ended = false;
  const push = (message: unknown) => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  };
  return {
    receive(text: string) {
      for (const part of text.split(RS).filter(Boolean)) push(JSON.parse(part));
    },
    end() {
      if (ended) return;
      ended = true;
      push('closed');
    },
    next(timeoutMs = 5000): Promise<unknown> {
      if (messages.length > 0) return Promise.resolve(messages.shift());
      if (ended) return Promise.resolve('closed');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message from the hub')), timeoutMs);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
}

/**
 * Negotiates, opens the transport and completes the JSON handshake; with `handshake`
 * given, sends that instead and leaves the answer to the caller.
 */
export async function openRawHub(
  url: string,
  token: string,
  transport: HubTransport,
  options: { handshake?: string } = {},
): Promise<RawHubConnection> {
  const auth = { authorization: `Bearer ${token}` };
  const negotiated = await fetch(`${url}/negotiate?negotiateVersion=1`, { method: 'POST', headers: auth });
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const at = `${url}?id=${connectionToken}`;
  const queue = messageQueue();
  const post = async (text: string) => {
    await fetch(at, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: text });
  };
  let connection: RawHubConnection;

  if (transport === 'WebSockets') {
    const socket = new WebSocket(at.replace(/^http/, 'ws'), { headers: auth });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data) => queue.receive(data.toString()));
    socket.on('close', () => queue.end());
    connection = {
      send: async (text) => void socket.send(text),
      next: queue.next,
      close: async () => socket.close(),
    };
  } else if (transport === 'ServerSentEvents') {
    const abort = new AbortController();
    const response = await fetch(at, {
      headers: { ...auth, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\r\n\r\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 4);
            const data = event
              .split('\r\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) queue.receive(data);
          }
        }
      } catch {
        // aborted by close()
      }
      queue.end();
    })();
    connection = { send: post, next: queue.next, close: async () => abort.abort() };
  } else {
    await fetch(at, { headers: auth }); // the first poll is answered at once, empty
    let open = true;
    void (async () => {
      while (open) {
        const poll = await fetch(at, { headers: auth });
        if (poll.status === 204 || !poll.ok) break;
        queue.receive(await poll.text());
      }
      queue.end();
    })();
    connection = {
      send: post,
      next: queue.next,
      close: async () => {
        open = false;
        await fetch(at, { method: 'DELETE', headers: auth });
      },
    };
  }

  if (options.handshake !== undefined) {
    await connection.send(options.handshake);
    return connection;
  }
  await connection.send(`{"protocol":"json","version":1}${RS}`);
  const handshake = await connection.next();
  if (JSON.stringify(handshake) !== '{}') throw new Error(`handshake refused: ${JSON.stringify(handshake)}`);
  return connection;
}
