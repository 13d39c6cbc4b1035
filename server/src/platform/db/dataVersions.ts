import { eq, sql } from 'drizzle-orm';
import type { Database } from './database';
import { dataVersions } from './schema';

/** 'duplicate-dismissals': the pairs said not to be duplicates (the possible duplicates read them). */
export type DataSet = 'leads' | 'duplicate-dismissals';

/** All SQL on data_versions: a counter per data set, bumped in the batch of every write to it. */
export function createDataVersions({ orm }: Database) {
  return {
    /** The statement that bumps the counter; put it in the same batch as the write. */
    bump(name: DataSet) {
      return orm
        .insert(dataVersions)
        .values({ name, version: 1 })
        .onConflictDoUpdate({
          target: dataVersions.name,
          set: { version: sql`${dataVersions.version} + 1` },
        });
    },

    /**
     * The same, only if the statement before it in the batch changed a row (SQLite's
     * changes()), so a write that found nothing to change leaves the version alone.
     */
    bumpIfChanged(name: DataSet) {
      return sql`INSERT INTO data_versions (name, version) SELECT ${name}, 1 WHERE changes() > 0
        ON CONFLICT(name) DO UPDATE SET version = version + 1`;
    },

    async current(name: DataSet): Promise<number> {
      const row = await orm
        .select({ version: dataVersions.version })
        .from(dataVersions)
        .where(eq(dataVersions.name, name))
        .get();
      return row?.version ?? 0;
    },
  };
}

export type DataVersions = ReturnType<typeof createDataVersions>;
