import { ADMIN, bearer, createTestApp, type TestApp } from '../../testkit/testApp';
import { ENGINES } from '../../testkit/engines';

describe.each(ENGINES)('on %s', (engine) => {
  describe('user and access administration', () => {
    let t: TestApp;
    let admin: string;
    beforeEach(async () => {
      t = await createTestApp({}, { engine });
      admin = (await t.login()).access_token;
    });
    afterEach(() => t.close());

    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
      t.app.inject({ method, url, payload, headers: bearer(token) });
    const adminId = async () => (await t.users.findByEmail(ADMIN.email))!.id;

    it('marks an invited person as pending until they set a password and come', async () => {
      await call('POST', '/api/useraccess/grant', {
        email: 'kim@example.com',
        notes: 'invited',
        role: 'User',
      });
      const pending = async (email: string) =>
        (await call('GET', '/api/useraccess'))
          .json()
          .find((record: { email: string }) => record.email === email).invitationPending;
      expect(await pending('kim@example.com')).toBe(true);
      expect(await pending(ADMIN.email)).toBe(false);

      const kim = (await t.users.findByEmail('kim@example.com'))!;
      const link = (await call('POST', `/api/user/${kim.id}/password-link`)).json();
      const token = new URL(link.url).searchParams.get('token');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token, password: 'kim-chose-a-password' },
      });
      expect(await pending('kim@example.com')).toBe(false);
    });

    it('grants access to a new e-mail, with a name read from it, and lists the record', async () => {
      const granted = await call('POST', '/api/useraccess/grant', {
        email: 'Jane.Doe@Example.com',
        notes: 'User created: Jane Doe',
        role: 'Manager',
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({
        userId: expect.any(Number),
        email: 'jane.doe@example.com',
        name: 'Jane Doe',
        role: 'Manager',
        hasAccess: true,
        revokedAt: null,
        lastLoginAt: null,
        notes: 'User created: Jane Doe',
      });
      const list = (await call('GET', '/api/useraccess')).json();
      expect(list.find((record: { email: string }) => record.email === 'jane.doe@example.com')).toMatchObject(
        {
          role: 'Manager',
        },
      );
    });

    it('takes the full name given for a new account', async () => {
      const granted = await call('POST', '/api/useraccess/grant', {
        email: 'ann@example.com',
        name: 'Ann Ng',
        notes: 'User created: Ann Ng',
        role: 'User',
      });
      expect(granted.json()).toMatchObject({ name: 'Ann Ng', notes: 'User created: Ann Ng' });
    });

    it('reads role codes 1 and 0 and role names; a Manager stays a Manager', async () => {
      await call('POST', '/api/useraccess/grant', { email: 'one@example.com', role: 1 });
      await call('POST', '/api/useraccess/grant', { email: 'zero@example.com', role: 0 });
      expect((await t.users.findByEmail('one@example.com'))?.role).toBe('Admin');
      expect((await t.users.findByEmail('zero@example.com'))?.role).toBe('User');
      expect(
        (await call('POST', '/api/useraccess/grant', { email: 'x@example.com', role: 'Owner' })).statusCode,
      ).toBe(400);
    });

    it('revoking ends the sessions at the next request; granting restores access', async () => {
      await call('POST', '/api/user/create', { email: 'kim@example.com', name: 'Kim', role: 'User' });
      const kim = (await t.users.findByEmail('kim@example.com'))!;
      await t.users.update(kim.id, { passwordHash: await t.passwords.hash('kims-password-1') });
      const session = await t.login('kim@example.com', 'kims-password-1');

      const revoked = await call('POST', '/api/useraccess/revoke', { email: 'kim@example.com' });
      expect(revoked.json()).toMatchObject({ hasAccess: false, revokedAt: expect.any(String) });
      expect((await call('GET', '/api/auth/user', undefined, session.access_token)).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);

      const restored = await call('POST', '/api/useraccess/grant', {
        email: 'kim@example.com',
        notes: 'Access restored',
      });
      expect(restored.json()).toMatchObject({
        hasAccess: true,
        revokedAt: null,
        notes: 'Access restored',
        role: 'User',
      });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'kim@example.com', password: 'kims-password-1' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('deleting a user ends their session', async () => {
      const created = (
        await call('POST', '/api/user/create', { email: 'lee@example.com', name: 'Lee', role: 'User' })
      ).json();
      await t.users.update(created.id, { passwordHash: await t.passwords.hash('lees-password-1') });
      const session = await t.login('lee@example.com', 'lees-password-1');
      expect((await call('DELETE', `/api/user/${created.id}`)).statusCode).toBe(204);
      expect((await call('GET', '/api/user', undefined, session.access_token)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/user/${created.id}`)).statusCode).toBe(404);
    });

    it.each([
      ['revoke', () => ['POST', '/api/useraccess/revoke', { email: ADMIN.email }]],
      ['demote', (id: number) => ['PUT', `/api/user/${id}/role`, { role: 'User' }]],
      ['deactivate', (id: number) => ['PUT', `/api/user/${id}/status`, { isActive: false }]],
      ['delete', (id: number) => ['DELETE', `/api/user/${id}`]],
    ] as const)('an admin cannot %s themselves (409)', async (_action, build) => {
      const [method, url, payload] = build(await adminId()) as [
        'POST' | 'PUT' | 'DELETE',
        string,
        object | undefined,
      ];
      const response = await call(method, url, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/^You cannot .* your own account\.$/);
      expect(await t.users.findByEmail(ADMIN.email)).toMatchObject({ role: 'Admin', isActive: true });
    });

    it('keeps the last active admin, whoever asks', async () => {
      // Through the API only an active admin can act, and never on itself, so the rule is
      // checked on the service: it must hold even if a future route forgets to.
      const { createUsersService } = await import('../../src/features/users/usersService');
      const { createSignIns } = await import('../../src/features/auth/sessions/signIns');
      const { createPasswordLinks } = await import('../../src/features/auth/passwordLinks');
      const service = createUsersService(
        t.users,
        createSignIns(t.db, new TextEncoder().encode('a-test-signing-key')),
        createPasswordLinks(t.db),
      );
      const manager = await t.users.create({ email: 'm@example.com', fullName: 'M', role: 'Manager' });
      const admin = (await t.users.findByEmail(ADMIN.email))!;
      for (const attempt of [
        () => service.setRole(manager, admin.id, 'User'),
        () => service.setStatus(manager, admin.id, false),
        () => service.revoke(manager, admin.email),
        () => service.remove(manager, admin.id),
      ]) {
        await expect(attempt()).rejects.toThrow(
          'Auditdesk needs at least one active admin. Make someone else an admin first.',
        );
      }
      // with a second active admin, the same changes go through
      await service.grant(admin, { email: 'second@example.com', role: 'Admin' });
      expect((await service.setRole(manager, admin.id, 'User')).role).toBe('User');
    });

    it('answers 409 for a duplicate user and 404 for an unknown id, with clear messages', async () => {
      const duplicate = await call('POST', '/api/user/create', {
        email: ADMIN.email,
        name: 'Again',
        role: 'User',
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().detail).toBe(`A user with the e-mail ${ADMIN.email} already exists.`);
      const unknown = await call('PUT', '/api/user/99999/role', { role: 'User' });
      expect(unknown.statusCode).toBe(404);
      expect((await call('PUT', '/api/user/abc/role', { role: 'User' })).statusCode).toBe(400);
    });

    it('tells each role its permissions and account type', async () => {
      expect((await call('GET', '/api/user/permissions')).json()).toEqual({
        permissions: ['full_system_access', 'user_management', 'data_synchronization', 'lead_management'],
      });
      expect((await call('GET', '/api/user/profile')).json()).toEqual({
        isDevelopment: false,
        accountType: 'Administrator Account',
      });
    });
  });
});
