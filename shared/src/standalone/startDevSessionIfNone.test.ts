import { authStore } from '../session/authStore';
import { startDevSessionIfNone } from './startDevSessionIfNone';

const role = () => authStore.getState().user?.role;

describe('a remote on its own', () => {
  afterEach(() => authStore.getState().clearSession());

  it('starts a dev session as the role the address asks for, Admin by default', () => {
    startDevSessionIfNone('');
    expect([authStore.getState().token, role()]).toEqual(['dev-token-admin', 'Admin']);
    authStore.getState().clearSession();
    startDevSessionIfNone('?role=manager');
    expect([authStore.getState().token, role()]).toEqual(['dev-token-manager', 'Manager']);
  });

  it('follows ?role= even when a dev session of another role is stored', () => {
    startDevSessionIfNone('?role=Admin');
    startDevSessionIfNone('?role=User');
    expect([authStore.getState().token, role(), authStore.getState().status]).toEqual([
      'dev-token-user',
      'User',
      'authenticated',
    ]);
    // without ?role= the stored one stays
    startDevSessionIfNone('');
    expect(role()).toBe('User');
  });

  it('keeps a real sign-in stored in the browser', () => {
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: 'r' },
        { id: '7', email: 'x@example.com', name: 'X', role: 'User' },
      );
    startDevSessionIfNone('?role=Admin');
    expect([authStore.getState().token, role()]).toEqual(['a.b.c', 'User']);
  });
});
