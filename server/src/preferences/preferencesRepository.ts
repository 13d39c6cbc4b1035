import { preferences, type Preferences } from '@auditdesk/shared/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { userPreferences } from '../db/schema';

/**
 * Keeps each part that still fits the contract: a part stored by an older release that no
 * longer parses falls back to its default instead of costing the person all the others.
 */
function readDocument(document: string): Preferences {
  let stored: unknown;
  try {
    stored = JSON.parse(document);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const kept: Record<string, unknown> = {};
  for (const [key, shape] of Object.entries(preferences.shape)) {
    const parsed = shape.safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  return kept as Preferences;
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
