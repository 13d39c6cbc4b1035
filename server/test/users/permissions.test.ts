import { signInEveryRole } from '../../testkit/roleSessions';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

describe("the profile's permissions follow the access rules", () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const permissionsOf = async (env: Record<string, string>) => {
    t = await createTestApp(env);
    const tokens = await signInEveryRole(t);
    const read = async (token: string | null) =>
      (await t!.app.inject({ url: '/api/user/permissions', headers: bearer(token!) })).json().permissions;
    return {
      User: await read(tokens.User),
      Manager: await read(tokens.Manager),
      Admin: await read(tokens.Admin),
    };
  };

  it('leaves out Data Synchronization for the roles SYNC_ROLES leaves out (by default: User)', async () => {
    expect(await permissionsOf({})).toEqual({
      User: ['lead_viewing'],
      Manager: ['data_synchronization', 'lead_management'],
      Admin: ['full_system_access', 'user_management', 'data_synchronization', 'lead_management'],
    });
  });

  it('names it for every role SYNC_ROLES names', async () => {
    const permissions = await permissionsOf({ SYNC_ROLES: 'Admin,User' });
    expect(permissions.User).toEqual(['data_synchronization', 'lead_viewing']);
    expect(permissions.Manager).toEqual(['lead_management']);
  });
});
