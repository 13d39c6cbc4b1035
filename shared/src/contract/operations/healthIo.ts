import { health } from '../health';
import type { healthOperations } from './healthOperations';
import { taggedIo, type IoTable } from './operation';

export const healthIo = taggedIo('Health', {
  healthCheck: {
    summary: 'Liveness and database reachability',
    response: { 200: health, 503: health },
  },
} satisfies IoTable<typeof healthOperations>);
