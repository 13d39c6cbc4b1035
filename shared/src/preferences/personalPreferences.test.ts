import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { authStore } from '../session/authStore';
import { login } from '../auth/login';
import { signOut } from '../auth/signOut';
import { SAVE_PAUSE_MS, savePreferencesSoon } from './personalPreferences';
import { fittingPreferences } from '../contract/preferences';
import { PREFERENCE_KEYS, storedPreferenceParts } from './preferenceKeys';

const SAVED = {
  leadsColumns: { customerName: true, phone: false },
  leadsPageSize: 50,
  periodRange: { startMonth: 11, startYear: 2025, endMonth: 2, endYear: 2026 },
  sidebarPinned: true,
};
const PROFILE = { id: 1, email: 'ada@example.com', fullName: 'Ada', role: 'Manager' };

const preferencesFromStorage = (storage: Storage) => fittingPreferences(storedPreferenceParts(storage));
const pause = () => new Promise((resolve) => setTimeout(resolve, SAVE_PAUSE_MS + 100));

describe('preferences that follow the person', () => {
  let fetchMock: ReturnType<typeof mockFetch> | undefined;
  afterEach(() => {
    fetchMock?.restore();
    authStore.getState().clearSession();
    localStorage.clear();
  });

  const server = (saved: unknown) =>
    mockFetch(({ url, method }) => {
      if (url === '/api/auth/login') return json(200, { access_token: fakeJwt(900), refresh_token: 'r' });
      if (url === '/api/preferences') return method === 'PUT' ? json(200, {}) : json(200, saved);
      if (url === '/api/auth/logout') return json(204);
      return json(200, PROFILE);
    });
  const puts = () => fetchMock!.calls.filter((call) => call.method === 'PUT');

  it('puts the saved ones where the screens read them at sign-in, in a browser that had none', async () => {
    fetchMock = server(SAVED);
    await login('ada@example.com', 'pw');
    expect(JSON.parse(localStorage.getItem(PREFERENCE_KEYS.leadsColumns)!)).toEqual(SAVED.leadsColumns);
    expect(JSON.parse(localStorage.getItem(PREFERENCE_KEYS.leadsPageSize)!)).toBe(50);
    expect(JSON.parse(localStorage.getItem(PREFERENCE_KEYS.periodRange)!)).toEqual(SAVED.periodRange);
    expect(localStorage.getItem(PREFERENCE_KEYS.sidebarPinned)).toBe('true');
    expect(puts()).toEqual([]);
  });

  it('keeps what fits when the answer carries a part this release does not know or accept', async () => {
    fetchMock = server({ leadsPageSize: -3, sidebarPinned: true, theme: 'dark' });
    await login('ada@example.com', 'pw');
    expect(localStorage.getItem(PREFERENCE_KEYS.leadsPageSize)).toBeNull();
    expect(preferencesFromStorage(localStorage)).toEqual({ sidebarPinned: true });
  });

  it('signs in all the same when they cannot be read', async () => {
    fetchMock = mockFetch(({ url }) =>
      url === '/api/auth/login'
        ? json(200, { access_token: fakeJwt(900), refresh_token: 'r' })
        : url === '/api/preferences'
          ? json(503)
          : json(200, PROFILE),
    );
    expect((await login('ada@example.com', 'pw')).ok).toBe(true);
    expect(preferencesFromStorage(localStorage)).toEqual({});
  });

  it('sends a burst of changes once, as the whole document this browser holds', async () => {
    fetchMock = server({});
    await login('ada@example.com', 'pw');
    localStorage.setItem(PREFERENCE_KEYS.leadsPageSize, '25');
    savePreferencesSoon();
    localStorage.setItem(PREFERENCE_KEYS.sidebarPinned, 'true');
    savePreferencesSoon();
    await pause();
    expect(puts().map((call) => call.body)).toEqual([{ leadsPageSize: 25, sidebarPinned: true }]);
  });

  it('sends a change still waiting at sign-out before storage is cleared', async () => {
    fetchMock = server({});
    await login('ada@example.com', 'pw');
    localStorage.setItem(PREFERENCE_KEYS.leadsPageSize, '100');
    savePreferencesSoon();
    await signOut();
    expect(puts().map((call) => call.body)).toEqual([{ leadsPageSize: 100 }]);
    await pause();
    expect(puts()).toHaveLength(1);
  });

  it('sends nothing without a session', async () => {
    fetchMock = server({});
    localStorage.setItem(PREFERENCE_KEYS.leadsPageSize, '100');
    savePreferencesSoon();
    await pause();
    expect(fetchMock.calls).toEqual([]);
  });
});
