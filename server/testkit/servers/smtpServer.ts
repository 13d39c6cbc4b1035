import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = { username: 'auditdesk', password: 'smtp-secret-password' };

export interface TestSmtpServer {
  /** smtp://user:password@127.0.0.1:port, as SMTP_URL */
  url: string;
  /** Every message accepted, parsed, in order. */
  received: ParsedMail[];
  /** Refuses the next n messages with a temporary failure (451). */
  refuseNext(n: number): void;
  /** How many deliveries were attempted (accepted or refused). */
  attempts(): number;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server, from the nodemailer project) on a loopback port: it
 * asks for the credentials of SMTP_USER and parses what arrives with mailparser.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusals = 0;
  let attempts = 0;
  const server = new SMTPServer({
    // plain SMTP on loopback: no certificate to trust in tests
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER.username && auth.password === SMTP_USER.password)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      attempts += 1;
      simpleParser(stream).then(
        (mail) => {
          if (refusals > 0) {
            refusals -= 1;
            const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${SMTP_USER.username}:${SMTP_USER.password}@127.0.0.1:${bound}`,
    received,
    refuseNext: (n) => {
      refusals = n;
    },
    attempts: () => attempts,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The one link of a mail's plain-text body to the app's set-password page. */
export function setPasswordLinkIn(mail: ParsedMail): string {
  const links = (mail.text ?? '').match(/https?:\/\/\S+\/set-password\?token=[\w-]+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one set-password link, found ${links.length}`);
  return links[0]!;
}
