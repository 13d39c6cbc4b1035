import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { mailOutbox, type MailRow, type MAIL_KINDS } from '../../platform/db/schema';

export type MailKind = (typeof MAIL_KINDS)[number];

export interface NewMail {
  kind: MailKind;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

/** All SQL on mail_outbox. Times are ISO strings, compared as text (they sort as time). */
export function createMailOutboxRepository(db: Database) {
  const { orm } = db;
  const pending = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.gaveUpAt));

  return {
    async add(mail: NewMail, now: Date): Promise<MailRow> {
      return (await orm
        .insert(mailOutbox)
        .values({ ...mail, nextAttemptAt: now.toISOString() })
        .returning()
        .get())!;
    },

    /** The ids of the mails due now that no instance is sending, oldest first. */
    async due(now: Date, limit: number): Promise<number[]> {
      const at = now.toISOString();
      const rows = await orm
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            pending,
            lte(mailOutbox.nextAttemptAt, at),
            or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, at)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(limit)
        .all();
      return rows.map((row) => row.id);
    },

    /** Takes a mail for one sending attempt; undefined when another instance has it (or it is done). */
    async claim(id: number, now: Date, holdMs: number): Promise<MailRow | undefined> {
      const at = now.toISOString();
      return orm
        .update(mailOutbox)
        .set({ claimedUntil: new Date(now.getTime() + holdMs).toISOString() })
        .where(
          and(
            eq(mailOutbox.id, id),
            pending,
            or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, at)),
          ),
        )
        .returning()
        .get();
    },

    /** Delivered: the body (which may hold a live link) is dropped. */
    async sent(id: number, attempts: number, now: Date): Promise<void> {
      await orm
        .update(mailOutbox)
        .set({
          sentAt: now.toISOString(),
          attempts,
          claimedUntil: null,
          lastError: null,
          textBody: '',
          htmlBody: '',
        })
        .where(eq(mailOutbox.id, id))
        .run();
    },

    /** One failed attempt: try again at `retryAt`, or (null) give up and drop the body. */
    async failed(id: number, error: string, attempts: number, retryAt: Date | null, now: Date) {
      await orm
        .update(mailOutbox)
        .set({
          attempts,
          lastError: error,
          claimedUntil: null,
          ...(retryAt
            ? { nextAttemptAt: retryAt.toISOString() }
            : { gaveUpAt: now.toISOString(), textBody: '', htmlBody: '' }),
        })
        .where(eq(mailOutbox.id, id))
        .run();
    },

    async find(id: number): Promise<MailRow | undefined> {
      return orm.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
    },

    /** The earliest time a waiting mail is due, if any. */
    async nextDue(): Promise<string | undefined> {
      return (
        await orm
          .select({ at: mailOutbox.nextAttemptAt })
          .from(mailOutbox)
          .where(pending)
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(1)
          .get()
      )?.at;
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
