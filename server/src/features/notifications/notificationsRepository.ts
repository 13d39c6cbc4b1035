import type { Notification, NotificationKind, Role } from '@auditdesk/shared/core';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { notificationReads, notifications, type NotificationRow } from '../../platform/db/schema';

/** Notifications are kept this long. */
export const KEEP_DAYS = 90;

export interface NewNotification {
  kind: NotificationKind;
  severity: NotificationRow['severity'];
  title: string;
  message: string;
  link: string;
  /** Who sees it: a role's holders, one person, or (neither) everyone. */
  role?: Role | null;
  userId?: number | null;
}

/** The notifications a user sees: everyone's, their role's and their own. */
const visibleTo = (userId: number, role: Role) =>
  or(
    and(isNull(notifications.userId), isNull(notifications.role)),
    eq(notifications.userId, userId),
    eq(notifications.role, role),
  );

/** All SQL on notifications and notification_reads. */
export function createNotificationsRepository(db: Database) {
  const { orm } = db;
  const readBy = (userId: number) =>
    and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId));

  return {
    /**
     * Prunes those older than KEEP_DAYS and adds one, answering the row it inserted (INSERT …
     * RETURNING): reading back "the newest row" could answer another instance's insert, and
     * push an admin-only notification to everyone.
     */
    async add(entry: NewNotification): Promise<NotificationRow> {
      const cutoff = new Date(Date.now() - KEEP_DAYS * 24 * 3600 * 1000).toISOString();
      await orm.delete(notifications).where(lt(notifications.createdAt, cutoff)).run();
      const [row] = await orm
        .insert(notifications)
        .values({ ...entry, role: entry.role ?? null, userId: entry.userId ?? null })
        .returning()
        .all();
      return row!;
    },

    async page(userId: number, role: Role, page: number, pageSize: number) {
      const visible = visibleTo(userId, role);
      const rows = await orm
        .select({
          id: notifications.id,
          kind: notifications.kind,
          severity: notifications.severity,
          title: notifications.title,
          message: notifications.message,
          link: notifications.link,
          createdAt: notifications.createdAt,
          read: sql<number>`${notificationReads.userId} IS NOT NULL`,
        })
        .from(notifications)
        .leftJoin(notificationReads, readBy(userId))
        .where(visible)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .all();
      const [totals] = await orm
        .select({
          total: count(),
          unread: sql<number>`count(*) - count(${notificationReads.userId})`,
        })
        .from(notifications)
        .leftJoin(notificationReads, readBy(userId))
        .where(visible)
        .all();
      const items: Notification[] = rows.map((row) => ({ ...row, read: Boolean(row.read) }));
      return { items, total: totals?.total ?? 0, unreadCount: Number(totals?.unread ?? 0) };
    },

    /** Marks these (or, with null, all) of the user's visible notifications read; answers how many are left unread. */
    async markRead(userId: number, role: Role, ids: number[] | null): Promise<number> {
      const chosen = ids
        ? and(visibleTo(userId, role), inArray(notifications.id, ids))
        : visibleTo(userId, role);
      // every column of notification_reads, in its order, as Drizzle's INSERT … SELECT wants
      const unreadChosen = orm
        .select({
          notificationId: notifications.id,
          userId: sql<number>`${userId}`.as('user_id'),
          readAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`.as('read_at'),
        })
        .from(notifications)
        .leftJoin(notificationReads, readBy(userId))
        .where(and(chosen, isNull(notificationReads.userId)));
      await orm.insert(notificationReads).select(unreadChosen).onConflictDoNothing().run();
      const [left] = await orm
        .select({ n: count() })
        .from(notifications)
        .leftJoin(notificationReads, readBy(userId))
        .where(and(visibleTo(userId, role), isNull(notificationReads.userId)))
        .all();
      return left?.n ?? 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
