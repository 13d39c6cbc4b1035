// What the duplicates bench (scripts/bench/benchmarks/duplicates.ts) measures the pass against.
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';
import { leads } from '../../src/platform/db/schema';
import { duplicateSourceColumns } from '../../src/features/leads/duplicates/duplicatesRepository';

/** The least the pass must do: read the same columns of the same leads. */
export const plainRead = (db: Database) =>
  db.orm.select(duplicateSourceColumns).from(leads).where(isNull(leads.deletedAt)).all();

// The road not taken, measured beside it: GROUP BY on keys computed in SQL, one statement a
// key. SQLite (and D1, which takes no functions of ours) has no "digits only": the phone's
// punctuation is stripped by a fixed list, so it misses what the list lacks, and it answers
// only the ids, which a second read would have to name.
const stripped = (column: string, characters: string[]) =>
  characters.reduce((inner, character) => `replace(${inner}, '${character}', '')`, column);
const PHONE = stripped('phone_number', [' ', '-', '(', ')', '.', '+', '/']);
const PHONE_KEY = `CASE WHEN length(${PHONE}) = 11 AND substr(${PHONE}, 1, 1) = '1' THEN substr(${PHONE}, 2) ELSE ${PHONE} END`;
const loose = (column: string) => stripped(`lower(${column})`, [' ', '.', ',', "''", '-', '#', '/']);
const SQL_GROUPINGS = [
  `SELECT group_concat(id) AS ids FROM leads WHERE deleted_at IS NULL AND length(${PHONE_KEY}) >= 7
   GROUP BY ${PHONE_KEY} HAVING count(*) > 1`,
  `SELECT group_concat(id) AS ids FROM leads WHERE deleted_at IS NULL AND trim(email) <> ''
   GROUP BY lower(trim(email)) HAVING count(*) > 1`,
  `SELECT group_concat(id) AS ids FROM leads WHERE deleted_at IS NULL
   AND ${loose('customer_name')} <> '' AND ${loose('address')} <> ''
   GROUP BY ${loose('customer_name')}, ${loose('address')} HAVING count(*) > 1`,
];
export async function groupedInSql(db: Database): Promise<number> {
  let groups = 0;
  for (const statement of SQL_GROUPINGS) groups += (await db.all(sql.raw(statement))).length;
  return groups;
}
