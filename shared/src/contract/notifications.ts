import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATION_SEVERITIES } from './vocabulary';

/** Something a person should know: a finished sync, an access change (DESIGN.md section 13). */
export const notification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  severity: z.enum(NOTIFICATION_SEVERITIES),
  title: z.string(),
  message: z.string(),
  /** Where it leads in the app: /sync, /user-management. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationsPage = z.object({
  items: z.array(notification),
  unreadCount: z.number().int().min(0),
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** Mark these as read, or all of them. */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);

export const unreadCount = z.object({ unreadCount: z.number().int().min(0) });
