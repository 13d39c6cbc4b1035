import type { FastifyBaseLogger } from 'fastify';
import type { RetryPolicy } from '../../platform/http/retryPolicy';
import { createOutboxWorker, OUTBOX_CLAIM_MS, type OutboxTimings } from '../../platform/outbox/outboxWorker';
import type { Notifier } from '../notifications/notifier';
import type { MailMessage } from './mailMessages';
import type { MailOutboxRepository } from './mailOutboxRepository';
import type { MailTransport } from './smtpTransport';

/** About a day of tries: 1, 2, 4 … minutes, then hourly. */
export const MAIL_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 30,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
};

/** How often the outbox looks for mails that are due again. */
const POLL_MS = 30_000;

export interface MailerOptions extends OutboxTimings {
  outbox: MailOutboxRepository;
  transport: MailTransport;
  notifier: Pick<Notifier, 'notify'>;
  log: FastifyBaseLogger;
}

/**
 * The app's e-mail: each message is stored in the outbox first, then sent; a failed send
 * is tried again with growing pauses (across restarts, since the outbox is in the
 * database) and the admins hear of it through the bell, once when it first fails and once
 * if it is given up.
 */
export function createMailer({ outbox, transport, notifier, log, ...timings }: MailerOptions) {
  const worker = createOutboxWorker({
    due: (at, limit) => outbox.due(at, limit),
    attempt,
    failure: 'the mail outbox could not be read',
    log,
    timings,
    defaults: { policy: MAIL_RETRY_POLICY, pollMs: POLL_MS },
  });
  const { now } = worker;

  async function report(mail: { recipient: string; subject: string }, title: string, message: string) {
    await notifier
      .notify({
        kind: 'mail-failed',
        severity: 'error',
        title,
        message,
        link: '/user-management',
        role: 'Admin',
      })
      .catch((error: unknown) => log.error({ err: error }, 'mail failure not reported'));
  }

  async function attempt(id: number): Promise<void> {
    const mail = await outbox.claim(id, now(), OUTBOX_CLAIM_MS);
    if (!mail) return; // another instance has it, or it is done
    const attempts = mail.attempts + 1;
    try {
      await transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      await outbox.sent(id, attempts, now());
      log.info({ mailId: id, kind: mail.kind, attempts }, 'e-mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = worker.givenUp(attempts) ? null : worker.retryAt(attempts);
      await outbox.failed(id, reason, attempts, retryAt, now());
      log.warn({ mailId: id, kind: mail.kind, attempts, reason }, 'e-mail not sent');
      if (!retryAt)
        await report(
          mail,
          `E-mail to ${mail.recipient} given up`,
          `"${mail.subject}" could not be sent after ${attempts} attempts: ${reason}`,
        );
      else if (attempts === 1)
        await report(
          mail,
          `E-mail to ${mail.recipient} not sent yet`,
          `"${mail.subject}" could not be sent: ${reason}. It is tried again, with growing pauses.`,
        );
    }
  }

  return {
    /** Stores the message, then sends it soon (the caller never waits for the SMTP server). */
    async enqueue(message: MailMessage): Promise<void> {
      await outbox.add(
        {
          kind: message.kind,
          recipient: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
        },
        now(),
      );
      worker.nudge();
    },
    /** Sends what is due now. */
    deliverDue: worker.runDue,
    /** Looks for due mails now and every little while (mails left by a restart, retries). */
    start: worker.start,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
