import { preferences } from '../preferences';
import { taggedIo, type IoTable } from './operation';
import type { preferencesOperations } from './preferencesOperations';

export const preferencesIo = taggedIo('Preferences', {
  preferencesGet: {
    summary: 'Your preferences: leads columns and page size, the period range, the sidebar',
    description: 'docs/preferences.md tells what each part means.',
    response: { 200: preferences },
  },
  preferencesReplace: {
    summary: 'Replace your preferences; a part left out returns to its default',
    description: 'Replaces the whole document; 400 with the reason for one that does not fit.',
    body: preferences,
    response: { 200: preferences },
  },
} satisfies IoTable<typeof preferencesOperations>);
