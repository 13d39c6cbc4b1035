/**
 * Where an event is at a source that can be written (writeBack/): the CalDAV object's URL, the
 * Google or Graph event id (an instance of a series has its own), its ETag as read, and for
 * one instance of a CalDAV series the RECURRENCE-ID it is written under.
 */
export interface EventRef {
  id: string;
  etag: string | null;
  instance: string | null;
}
