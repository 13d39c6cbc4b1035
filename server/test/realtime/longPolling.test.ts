import type { FastifyReply } from 'fastify';
import { createLongPollingSink } from '../../src/features/realtime/longPolling';

/** What one poll was answered: its status and body. */
function pollReply() {
  const answered: { status?: number; body?: string } = {};
  const reply = {
    status(code: number) {
      answered.status = code;
      return reply;
    },
    header: () => reply,
    send(body?: string) {
      answered.body = body ?? '';
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, answered };
}

describe('long polling', () => {
  it('delivers what was sent before a close to the next poll, then answers 204', () => {
    const sink = createLongPollingSink();
    // no poll waiting: the Close message waits in the buffer when the connection ends
    sink.send('{"type":7,"error":"Invalid message: x"}\u001e');
    sink.close();

    const first = pollReply();
    sink.poll(first.reply);
    expect(first.answered).toEqual({ status: 200, body: '{"type":7,"error":"Invalid message: x"}\u001e' });

    const second = pollReply();
    sink.poll(second.reply);
    expect(second.answered).toEqual({ status: 204, body: '' });
  });

  it('answers a waiting poll with the message, and the poll after a close with 204', () => {
    const sink = createLongPollingSink(60_000);
    const waiting = pollReply();
    sink.poll(waiting.reply);
    sink.send('{"type":6}\u001e');
    expect(waiting.answered).toEqual({ status: 200, body: '{"type":6}\u001e' });
    sink.close();
    const after = pollReply();
    sink.poll(after.reply);
    expect(after.answered).toEqual({ status: 204, body: '' });
  });
});
