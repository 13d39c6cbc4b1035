import path from 'node:path';

/** The versioned migrations drizzle-kit writes; applied at start on both engines. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../../drizzle');
