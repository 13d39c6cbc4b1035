import { businessSettings } from '../business';
import type { businessOperations } from './businessOperations';
import { taggedIo, type IoTable } from './operation';

export const businessIo = taggedIo('Business', {
  businessSettings: {
    summary:
      'The business time zone (CALENDAR_TIMEZONE) the screens show times in, and whether edits reach the calendar',
    response: { 200: businessSettings },
  },
} satisfies IoTable<typeof businessOperations>);
