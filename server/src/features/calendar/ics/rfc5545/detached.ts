import type { EventProblem } from '../../calendarEvent';

/**
 * A copy of a string that does not keep the larger text it was cut from alive: V8 holds a
 * slice's whole parent, so a slice of one chunk kept for the run would keep the chunk.
 * UTF-16 both ways copies every code unit as it is.
 */
export const detached = (text: string): string => Buffer.from(text, 'utf16le').toString('utf16le');

export const detachedProblem = ({ uid, summary, message }: EventProblem): EventProblem => ({
  uid: detached(uid),
  summary: detached(summary),
  message: detached(message),
});
