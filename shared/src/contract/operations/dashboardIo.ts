import { dashboardStats } from '../leads';
import { taggedIo, type IoTable } from './operation';
import type { dashboardOperations } from './dashboardOperations';

export const dashboardIo = taggedIo('Leads', {
  dashboardStats: {
    summary: 'Lead and sync totals',
    description:
      'The lead numbers at the leads’ data version; the sync totals, which change with every run, read fresh.',
    response: { 200: dashboardStats },
  },
} satisfies IoTable<typeof dashboardOperations>);
