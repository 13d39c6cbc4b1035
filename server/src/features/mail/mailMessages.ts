import type { MailKind } from './mailOutboxRepository';

export const PRODUCT_NAME = 'Auditdesk';

/** One e-mail as the outbox keeps it: both bodies, already written. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

interface Paragraphs {
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  after: string[];
}

/** The plain-text and HTML bodies of one message, from the same paragraphs. */
function bodies({ greeting, lines, action, after }: Paragraphs): { text: string; html: string } {
  const signature = `— ${PRODUCT_NAME}`;
  const text = [
    greeting,
    ...lines,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after,
    signature,
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#495057">If the button does not work, open this address: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(PRODUCT_NAME)}</title></head>
<body style="margin:0;padding:24px;background:#f8f9fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#212529;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #dee2e6;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
${[greeting, ...lines].map(paragraph).join('\n')}
${button}
${after.map(paragraph).join('\n')}
<p style="margin:0;color:#495057">${escapeHtml(signature)}</p>
</div></body></html>`;
  return { text, html };
}

const hello = (name: string) => `Hello ${name},`;

/** An admin added someone: the link sets their first password. */
export function invitationMessage(input: {
  to: string;
  name: string;
  adminName: string;
  role: string;
  url: string;
  expiresAt: string;
}): MailMessage {
  return {
    kind: 'invitation',
    to: input.to,
    subject: `${input.adminName} invited you to ${PRODUCT_NAME}`,
    ...bodies({
      greeting: hello(input.name),
      lines: [
        `${input.adminName} gave you access to ${PRODUCT_NAME}, the back office, as ${input.role}.`,
        'Choose your password with the link below; then sign in with this e-mail address and that password.',
      ],
      action: { label: 'Set your password', url: input.url },
      after: [
        `The link works once and until ${formatUtc(input.expiresAt)}. If it has run out, ask ${input.adminName} to send the invitation again.`,
      ],
    }),
  };
}

/** Someone asked "Forgot password?" for this address. */
export function passwordResetMessage(input: {
  to: string;
  name: string;
  url: string;
  expiresAt: string;
}): MailMessage {
  return {
    kind: 'password-reset',
    to: input.to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    ...bodies({
      greeting: hello(input.name),
      lines: [`Someone asked to reset the password of your ${PRODUCT_NAME} account (${input.to}).`],
      action: { label: 'Choose a new password', url: input.url },
      after: [
        `The link works once and until ${formatUtc(input.expiresAt)}; your present password keeps working until you use it.`,
        'If you did not ask for this, you can ignore this e-mail.',
      ],
    }),
  };
}

/** The password of the account was just set. */
export function passwordChangedMessage(input: {
  to: string;
  name: string;
  at: string;
  signInUrl: string;
  adminName: string | null;
}): MailMessage {
  const whom = input.adminName ? `${input.adminName}, your administrator,` : 'your administrator';
  return {
    kind: 'password-changed',
    to: input.to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    ...bodies({
      greeting: hello(input.name),
      lines: [
        `The password of your ${PRODUCT_NAME} account (${input.to}) was changed on ${formatUtc(input.at)}, and every other sign-in of the account was ended.`,
      ],
      action: { label: `Sign in to ${PRODUCT_NAME}`, url: input.signInUrl },
      after: [`If this was not you, tell ${whom} at once.`],
    }),
  };
}

/** "24 Nov 2026, 14:05 UTC": the same for every reader, wherever the server runs. */
function formatUtc(iso: string): string {
  return `${new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(new Date(iso))} UTC`;
}
