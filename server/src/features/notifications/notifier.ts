import {
  leadsViewHref,
  needsReviewSentence,
  routes,
  type LeadActionSummary,
  type Notification,
  type Role,
  type SyncResult,
  type SyncTrigger,
} from '@auditdesk/shared/core';
import type { NotificationRow } from '../../platform/db/schema';
import type { UsersRepository } from '../users/usersRepository';
import type { NewNotification, NotificationsRepository } from './notificationsRepository';

/** Sends an event to the live connections of these users (the hub, on every instance). */
export type PushToUsers = (userIds: number[], target: 'NotificationAdded', args: [Notification]) => void;

/** Who edits leads (and so hears that the calendar refused an edit): the route table says. */
const LEAD_EDITORS = routes.leadsUpdate.access as readonly Role[];

const TRIGGERS: Record<SyncTrigger, string> = {
  api: 'started from the Sync screen',
  cli: 'run from the command line',
  schedule: 'run on the schedule',
  'first-start': 'the first import',
};

/** The leads screen showing every lead that needs review. */
export const NEEDS_REVIEW_LINK = leadsViewHref({ needsReview: true, hideUnformatted: false });

const asNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  severity: row.severity,
  title: row.title,
  message: row.message,
  link: row.link,
  createdAt: row.createdAt,
  read: false,
});

/**
 * Creates notifications and pushes each to the bells of its recipients that are open now
 * (the others see it at their next look).
 */
export function createNotifier(
  notifications: NotificationsRepository,
  users: UsersRepository,
  push: PushToUsers = () => {},
) {
  async function notify(entry: NewNotification): Promise<void> {
    const row = await notifications.add(entry);
    const recipients = (await users.list())
      .filter(
        (user) =>
          user.isActive &&
          (!entry.role || user.role === entry.role) &&
          (!entry.userId || user.id === entry.userId),
      )
      .map((user) => user.id);
    push(recipients, 'NotificationAdded', [asNotification(row)]);
  }

  return {
    notify,

    /**
     * Every finished run, whoever or whatever started it. One that leaves leads needing review
     * (its message names how many) leads to them: the leads screen filtered to those, the
     * unformatted ones too.
     */
    syncFinished(
      result: Pick<SyncResult, 'success' | 'message' | 'startDate' | 'endDate'> & { needsReview?: number },
      trigger: SyncTrigger,
    ) {
      return notify({
        kind: result.success ? 'sync-succeeded' : 'sync-failed',
        severity: result.success ? 'success' : 'error',
        // said in the title too: the bell shows a message's first two lines only
        title: `${result.success ? 'Sync finished' : 'Sync failed'} (${TRIGGERS[trigger]})${
          result.needsReview ? `: ${needsReviewSentence(result.needsReview)}` : ''
        }`,
        message: `${result.startDate} to ${result.endDate}: ${result.message}`,
        link: result.needsReview ? NEEDS_REVIEW_LINK : '/sync',
      });
    },

    /**
     * A write-back the calendar refused for good, for the roles that edit leads (each its own
     * row: a notification is for one role or for everyone).
     */
    async calendarWriteRefused(lead: { leadId: string; customerName: string }, reason: string) {
      const link = `/leads?${new URLSearchParams({ q: lead.leadId, unformatted: 'shown' })}`;
      for (const role of LEAD_EDITORS)
        await notify({
          kind: 'calendar-write-refused',
          severity: 'error',
          title: `The calendar refused an edit of ${lead.customerName || lead.leadId}`,
          message: `${reason}. The office's values stay on the lead and are not sent again until it is edited.`,
          link,
          role,
        });
    },

    /** A bulk change or an import undone by someone else than who made it: its maker hears. */
    actionUndone(authorId: number, undo: Pick<LeadActionSummary, 'label' | 'leadCount'>, by: string) {
      return notify({
        kind: 'lead-action-undone',
        severity: 'info',
        title: `${by} undid one of your changes`,
        message: `${undo.label}: ${undo.leadCount === 1 ? 'its lead is' : `its ${undo.leadCount.toLocaleString('en-US')} leads are`} as they were before it.`,
        link: '/leads',
        userId: authorId,
      });
    },

    /** An access change, for the admins. */
    accessChanged(entry: Omit<NewNotification, 'role' | 'link' | 'severity'>) {
      return notify({ ...entry, severity: 'info', link: '/user-management', role: 'Admin' });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
