import { cacheStatsResponse, databaseStatsResponse } from '../resources';
import { taggedIo, type IoTable } from './operation';
import type { resourcesOperations } from './resourcesOperations';

export const resourcesIo = taggedIo('Resources', {
  resourcesDatabase: {
    summary: "The database's size, rows, today's reads and writes, and its plan's limits",
    description:
      'Read at most every 30 s. 503 with the same envelope (and the reason) when the stats cannot be read.',
    response: { 200: databaseStatsResponse },
  },
  resourcesCache: {
    summary: "The cache's memory, keys, clients, hit rate and limits, from its INFO",
    description:
      'data is null with the reason when REDIS_URL is not set; 503 with the same envelope, naming its address, when Redis cannot answer.',
    response: { 200: cacheStatsResponse },
  },
} satisfies IoTable<typeof resourcesOperations>);
