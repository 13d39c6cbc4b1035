import type { ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/platform/db/schema';
import { ENGINES } from '../../testkit/engines';
import { eventually } from '../../testkit/eventually';
import { setPasswordLinkIn, startSmtpServer, type TestSmtpServer } from '../../testkit/servers/smtpServer';
import { ADMIN, bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const PUBLIC_URL = 'https://auditdesk.example.com';
const MAIL_FROM = 'Auditdesk <office@auditdesk.example.com>';

describe.each(ENGINES)('e-mail over SMTP on %s', (engine) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM, PUBLIC_URL }, { engine });
    const adminRow = (await t.users.findByEmail(ADMIN.email))!;
    await t.users.update(adminRow.id, { fullName: 'Morgan Reyes' });
    admin = (await t.login()).access_token;
  });
  afterEach(async () => {
    await t.close();
    await smtp.stop();
  });

  const mailTo = (address: string, subject: RegExp) =>
    eventually(() => {
      const mail = smtp.received.find(
        (message) =>
          message.to && JSON.stringify(message.to).includes(address) && subject.test(message.subject ?? ''),
      );
      if (!mail) throw new Error(`no mail to ${address} matching ${subject}`);
      return mail;
    });
  const tokenOf = (mail: ParsedMail) => new URL(setPasswordLinkIn(mail)).searchParams.get('token')!;
  const setPassword = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const grant = (email: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/useraccess/grant',
      headers: bearer(admin),
      payload: { email, name, role: 'Manager', notes: `User created: ${name}` },
    });

  it('invites a person added on User Management; the link sets their password once', async () => {
    const response = await grant('dana@example.com', 'Dana Whitfield');
    expect(response.statusCode).toBe(200);
    expect(response.json().invitation).toEqual({ delivery: 'email', email: 'dana@example.com' });

    const mail = await mailTo('dana@example.com', /invited you/);
    expect(mail.from?.text).toBe(MAIL_FROM.replace('Auditdesk', '"Auditdesk"'));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('dana@example.com');
    expect(mail.subject).toBe('Morgan Reyes invited you to Auditdesk');
    for (const body of [mail.text ?? '', mail.html || '']) {
      expect(body).toContain('Hello Dana Whitfield');
      expect(body).toContain('Morgan Reyes gave you access to Auditdesk');
      expect(body).toContain('as Manager');
    }
    const link = setPasswordLinkIn(mail);
    expect(link.startsWith(`${PUBLIC_URL}/set-password?token=`)).toBe(true);
    // the HTML body carries the same link, as a button and as text
    expect(mail.html).toContain(`href="${link}"`);

    const token = tokenOf(mail);
    expect((await setPassword(token, 'dana-chose-this-password')).statusCode).toBe(204);
    expect((await signIn('dana@example.com', 'dana-chose-this-password')).statusCode).toBe(200);
    const again = await setPassword(token, 'someone-else-password');
    expect(again.statusCode).toBe(400);
    expect((await signIn('dana@example.com', 'someone-else-password')).statusCode).toBe(401);

    // and the person is told their password changed
    const notice = await mailTo('dana@example.com', /password was changed/);
    expect(notice.subject).toBe('Your Auditdesk password was changed');
    expect(notice.text).toContain('tell Morgan Reyes, your administrator, at once');
    expect(notice.text).toContain(`${PUBLIC_URL}/login`);
    expect(notice.html).toContain('If this was not you');
  });

  it('sends the invitation again with a new link; the first link dies', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(admin),
      payload: { email: 'lee@example.com', name: 'Lee Park', role: 'User' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().invitation).toEqual({ delivery: 'email', email: 'lee@example.com' });
    const first = tokenOf(await mailTo('lee@example.com', /invited you/));

    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/user/${created.json().id}/invitation`,
      headers: bearer(admin),
    });
    expect(resend.statusCode).toBe(201);
    await eventually(() =>
      expect(smtp.received.filter((m) => m.subject?.includes('invited'))).toHaveLength(2),
    );
    const second = tokenOf(smtp.received.filter((m) => m.subject?.includes('invited'))[1]!);
    expect(second).not.toBe(first);

    expect((await setPassword(first, 'lee-first-password')).statusCode).toBe(400);
    expect((await setPassword(second, 'lee-second-password')).statusCode).toBe(204);
  });

  // issue 35, item 9: an anonymous "Forgot password?" killed the invitation's 7-day link
  it('keeps a pending invitation valid through anyone’s "Forgot password?"; the invited person may use either link, once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(admin),
      payload: { email: 'ash@example.com', name: 'Ash Moreno', role: 'User' },
    });
    expect(created.statusCode).toBe(201);
    const invitation = tokenOf(await mailTo('ash@example.com', /invited you/));
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'ash@example.com' },
      });
    const resets = () => smtp.received.filter((m) => m.subject === 'Reset your Auditdesk password');

    expect((await forgot()).statusCode).toBe(202);
    await eventually(() => expect(resets()).toHaveLength(1));
    expect((await forgot()).statusCode).toBe(202);
    await eventually(() => expect(resets()).toHaveLength(2));
    const [olderReset, newerReset] = resets().map(tokenOf);
    // a newer reset ends the older reset, never the invitation
    expect((await setPassword(olderReset!, 'ash-older-reset-pw')).statusCode).toBe(400);
    expect((await setPassword(invitation, 'ash-chose-this-password')).statusCode).toBe(204);
    expect((await signIn('ash@example.com', 'ash-chose-this-password')).statusCode).toBe(200);
    // used once: every other link of the person dies with it
    expect((await setPassword(newerReset!, 'ash-newer-reset-pw')).statusCode).toBe(400);
    expect((await setPassword(invitation, 'ash-again-password')).statusCode).toBe(400);

    // an Admin sending the invitation again still ends every older link, a reset too
    const lee = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: bearer(admin),
      payload: { email: 'lee.r@example.com', name: 'Lee Ray', role: 'User' },
    });
    await mailTo('lee.r@example.com', /invited you/);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'lee.r@example.com' },
    });
    const leeReset = tokenOf(await mailTo('lee.r@example.com', /Reset your Auditdesk password/));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/user/${lee.json().id}/invitation`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(201);
    await eventually(() =>
      expect(
        smtp.received.filter(
          (m) => m.subject?.includes('invited') && JSON.stringify(m.to).includes('lee.r@'),
        ),
      ).toHaveLength(2),
    );
    expect((await setPassword(leeReset, 'lee-reset-password')).statusCode).toBe(400);
  });

  it('answers "Forgot password?" alike for any e-mail and mails a working link only to an account', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ADMIN@example.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const mail = await mailTo(ADMIN.email, /Reset your Auditdesk password/);
    expect(mail.text).toContain('Hello Morgan Reyes');
    expect(mail.html).toContain('Choose a new password');
    const token = tokenOf(mail);
    // the present password works until the link is used
    expect((await signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    expect((await setPassword(token, 'a-new-admin-password')).statusCode).toBe(204);
    expect((await signIn(ADMIN.email, 'a-new-admin-password')).statusCode).toBe(200);
    expect((await setPassword(token, 'yet-another-password')).statusCode).toBe(400);

    await mailTo(ADMIN.email, /password was changed/);
    // nothing ever went to the address without an account
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes('nobody@'))).toEqual([]);
  });

  it('limits reset mails per e-mail silently, and requests per address with 429', async () => {
    const ask = (email: string, ip = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1) expect((await ask(ADMIN.email, `198.51.100.${i}`)).statusCode).toBe(202);
    await eventually(() => expect(smtp.received).toHaveLength(3)); // RATE_LIMIT_PASSWORD_RESET_PER_EMAIL
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(3);

    for (let i = 0; i < 10; i += 1) expect((await ask(`someone${i}@example.com`)).statusCode).toBe(202);
    const refused = await ask('someone-else@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('keeps a mail the SMTP server refuses, tries it again later and tells the admins', async () => {
    smtp.refuseNext(1);
    await grant('robin@example.com', 'Robin Hale');
    await eventually(() => expect(smtp.attempts()).toBe(1));
    const waiting = await eventually(async () => {
      const row = (await t.db.orm
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, 'robin@example.com'))
        .get())!;
      expect(row.attempts).toBe(1);
      return row;
    });
    expect(waiting.sentAt).toBeNull();
    expect(waiting.lastError).toContain('Mailbox busy');
    // the pause grows from a minute: not before
    expect(Date.parse(waiting.nextAttemptAt) - Date.now()).toBeGreaterThan(25_000);

    const bell = await t.app.inject({ url: '/api/notifications', headers: bearer(admin) });
    const reported = bell.json().items.find((item: { kind: string }) => item.kind === 'mail-failed');
    expect(reported.title).toBe('E-mail to robin@example.com not sent yet');
    expect(reported.message).toContain('Mailbox busy');

    // once due, it goes out; the body holding the link is not kept after
    await t.db.orm
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(mailOutbox.id, waiting.id))
      .run();
    await t.services.mailer!.deliverDue();
    const mail = await mailTo('robin@example.com', /invited you/);
    expect((await setPassword(tokenOf(mail), 'robin-chose-a-password')).statusCode).toBe(204);
    const sent = (await t.db.orm.select().from(mailOutbox).where(eq(mailOutbox.id, waiting.id)).get())!;
    expect(sent).toMatchObject({ attempts: 2, lastError: null, textBody: '', htmlBody: '' });
    expect(sent.sentAt).not.toBeNull();
  });
});

describe.each(ENGINES)('the mail outbox across a restart on %s', (engine) => {
  it('sends, after a restart, what could not be sent before', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.stop(); // the SMTP server is down while the person is added
    const t = await createTestApp({ SMTP_URL: url, PUBLIC_URL }, { engine });
    const admin = (await t.login()).access_token;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/useraccess/grant',
      headers: bearer(admin),
      payload: { email: 'sam@example.com', name: 'Sam Ortiz' },
    });
    expect(added.json().invitation).toEqual({ delivery: 'email', email: 'sam@example.com' });
    const failed = await eventually(async () => {
      const row = (await t.db.orm.select().from(mailOutbox).get())!;
      expect(row.attempts).toBe(1);
      return row;
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/);
    await t.app.close();

    // the server comes back later, on the same port, and the app restarts on the same database
    const port = Number(new URL(url).port);
    const back = await startSmtpServer(port);
    await t.db.orm
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1).toISOString() })
      .run();
    const { buildApp } = await import('../../src/app');
    const { app: restarted } = await buildApp({ config: t.config, db: t.db });
    await restarted.ready();
    try {
      const mail = await eventually(() => {
        expect(back.received).toHaveLength(1);
        return back.received[0]!;
      });
      expect(mail.subject).toBe('Administrator invited you to Auditdesk');
      const token = new URL(setPasswordLinkIn(mail)).searchParams.get('token')!;
      const set = await restarted.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token, password: 'sam-chose-a-password' },
      });
      expect(set.statusCode).toBe(204);
    } finally {
      await restarted.close();
      await t.db.close();
      await back.stop();
    }
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterEach(() => t.close());

  it('answers the invitation as a link to pass on, and says "Forgot password?" needs an administrator', async () => {
    const admin = (await t.login()).access_token;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/useraccess/grant',
      headers: bearer(admin),
      payload: { email: 'kim@example.com', name: 'Kim Lo' },
    });
    const invitation = added.json().invitation;
    expect(invitation).toMatchObject({ delivery: 'link', email: 'kim@example.com' });
    expect(invitation.url).toMatch(/^https:\/\/auditdesk\.example\.com\/set-password\?token=/);
    // an invitation's link lasts a week
    expect(Date.parse(invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const token = new URL(invitation.url).searchParams.get('token');
    const set = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });
    expect((await set('kim-chose-a-password')).statusCode).toBe(204);
    expect((await set('kim-chose-a-password')).statusCode).toBe(400);

    expect((await t.app.inject({ url: '/api/auth/options' })).json()).toEqual({
      passwordResetByEmail: false,
      identityProvider: null,
    });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'kim@example.com' },
    });
    expect(forgot.statusCode).toBe(409);
    expect(forgot.json().detail).toBe(
      'This server does not send e-mail. Ask an administrator for a link to set your password.',
    );
  });
});
