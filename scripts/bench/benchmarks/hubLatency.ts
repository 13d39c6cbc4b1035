import { measureHub } from '../../../server/bench/hubBench';
import type { Benchmark } from '../benchmark';

const IDLE_CONNECTIONS = 500;

/** A progress event's trip from the hub to a client, with 500 idle connections held open. */
export const hubLatency: Benchmark = {
  name: `hub: progress event to the client with ${IDLE_CONNECTIONS} idle connections (p95)`,
  unit: 'ms',
  target: 50,
  async run() {
    const { p95Ms, connectedAtEnd } = await measureHub(IDLE_CONNECTIONS);
    if (connectedAtEnd !== IDLE_CONNECTIONS)
      throw new Error(`only ${connectedAtEnd} of ${IDLE_CONNECTIONS} idle connections held`);
    return p95Ms;
  },
};
