import type { requestWriteStatements } from './calendarWritesRepository';

/** What a person's edit of a lead adds to its batch, and hears once it landed. */
export interface EditWriteRequests {
  statements: typeof requestWriteStatements;
  requested(): void;
}
