import { fittingPreferences, type Preferences } from '@auditdesk/shared/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { userPreferences } from '../../platform/db/schema';

/** The stored document, less any part that no longer fits the contract. */
function readDocument(document: string): Preferences {
  try {
    return fittingPreferences(JSON.parse(document));
  } catch {
    return {};
  }
}

/** All SQL on user_preferences. */
export function createPreferencesRepository(db: Database) {
  const { orm } = db;
  return {
    async get(userId: number): Promise<Preferences> {
      const [row] = await orm
        .select({ document: userPreferences.document })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId))
        .all();
      return row ? readDocument(row.document) : {};
    },

    /** Replaces the person's whole document (PUT): a part left out returns to its default. */
    async put(userId: number, next: Preferences): Promise<Preferences> {
      const document = JSON.stringify(next);
      await orm
        .insert(userPreferences)
        .values({ userId, document })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { document, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` },
        })
        .run();
      return next;
    },
  };
}

export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
