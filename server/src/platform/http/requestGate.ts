import type { FastifyInstance } from 'fastify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The API requests in flight on this instance, and a way to have none for a moment: while
 * `exclusive` runs, new requests wait at the door and the ones under way are waited for (up to
 * `drainMs`), so no request reads the database before a restore and writes it after.
 */
export function createRequestGate({ drainMs = 15_000 }: { drainMs?: number } = {}) {
  let inFlight = 0;
  let closed: Promise<void> | null = null;

  return {
    /** Counts the /api requests of an app, and holds them while the gate is closed. */
    install(app: FastifyInstance): void {
      app.addHook('onRequest', async (request, reply) => {
        if (!request.url.startsWith('/api/')) return;
        while (closed) await closed;
        inFlight += 1;
        let left = false;
        reply.raw.once('close', () => {
          if (left) return;
          left = true;
          inFlight -= 1;
        });
      });
    },

    /**
     * Runs `work` with no other request in flight: `own` requests (the caller's) are not
     * waited for. Requests still running after drainMs are let be (their next statement reads
     * what `work` left).
     */
    async exclusive<T>(work: () => Promise<T>, { own = 0 }: { own?: number } = {}): Promise<T> {
      while (closed) await closed;
      let open!: () => void;
      closed = new Promise((resolve) => (open = resolve));
      try {
        const giveUpAt = Date.now() + drainMs;
        while (inFlight > own && Date.now() < giveUpAt) await sleep(20);
        return await work();
      } finally {
        closed = null;
        open();
      }
    },

    inFlight: () => inFlight,
  };
}

export type RequestGate = ReturnType<typeof createRequestGate>;
