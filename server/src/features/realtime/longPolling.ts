import type { FastifyReply } from 'fastify';
import type { TransportSink } from './hubConnection';

/**
 * Idle polls are answered empty after this. Shorter than ASP.NET's 90 s on purpose: a
 * client re-polls at once, and each poll is its sign of life for the hub's 30 s timeout.
 */
export const POLL_TIMEOUT_MS = 20_000;

/**
 * Long polling: messages wait in a buffer for the next poll; an idle poll is answered
 * empty after the poll timeout; once closed and emptied, the next poll gets 204 (the client's
 * signal that the server ended the connection).
 */
export function createLongPollingSink(pollTimeoutMs = POLL_TIMEOUT_MS) {
  let buffer = '';
  let pending: { reply: FastifyReply; timer: NodeJS.Timeout } | null = null;
  let closed = false;
  let lastPollAt = Date.now();

  const answer = (status: number, body: string) => {
    if (!pending) return;
    clearTimeout(pending.timer);
    const { reply } = pending;
    pending = null;
    void reply
      .status(status)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body);
  };

  const sink: TransportSink & { poll: (reply: FastifyReply) => void; lastPollAt: () => number } = {
    kind: 'LongPolling',
    undelivered: () => buffer.length > 0,
    send(text) {
      buffer += text;
      if (pending) {
        const body = buffer;
        buffer = '';
        answer(200, body);
      }
    },
    close() {
      closed = true;
      if (pending) answer(204, '');
    },
    poll(reply) {
      lastPollAt = Date.now();
      if (pending) answer(200, ''); // a newer poll replaces the older one
      // what was sent before the close (its Close message) is still delivered; the poll after it gets 204
      if (closed && !buffer) {
        void reply.status(204).send();
        return;
      }
      if (buffer) {
        const body = buffer;
        buffer = '';
        void reply.status(200).header('content-type', 'text/plain; charset=utf-8').send(body);
        return;
      }
      pending = { reply, timer: setTimeout(() => answer(200, ''), pollTimeoutMs) };
    },
    lastPollAt: () => lastPollAt,
  };
  return sink;
}
