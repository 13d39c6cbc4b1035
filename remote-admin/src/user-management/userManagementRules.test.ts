import type { AccessRecord } from '@auditdesk/shared';
import { countUsers } from './countUsers';
import { formatLastLogin } from './formatLastLogin';
import { toDisplayedUser } from './toDisplayedUser';
import { grantErrorMessage } from './userAccessErrors';
import { validateNewUser } from './validateNewUser';

describe('validateNewUser', () => {
  it('checks in order on trimmed values: e-mail, name, then the at sign', () => {
    expect(validateNewUser({ email: '  ', name: '' })).toBe('Email is required');
    expect(validateNewUser({ email: 'nobody', name: '  ' })).toBe('Name is required');
    expect(validateNewUser({ email: 'nobody', name: 'No Body' })).toBe('Please enter a valid email address');
    expect(validateNewUser({ email: 'no@body.com', name: 'No Body' })).toBeNull();
  });
});

describe('formatLastLogin', () => {
  it("shows month/day/year with a 12-hour time, or 'Never'", () => {
    expect(formatLastLogin(null)).toBe('Never');
    expect(formatLastLogin('garbage')).toBe('Never');
    const local = new Date(2025, 2, 4, 21, 5).toISOString();
    expect(formatLastLogin(local)).toBe('03/04/2025, 09:05 PM');
  });
});

describe('toDisplayedUser', () => {
  it('reads role codes and names, activity from access and revocation, and a name from the e-mail', () => {
    const base: Omit<AccessRecord, 'role'> = {
      id: 7,
      userId: 7,
      email: 'jane_doe.smith@example.com',
      name: '',
      hasAccess: true,
      revokedAt: null,
      lastLoginAt: null,
      notes: null,
      invitationPending: true,
    };
    // the role codes of spec section 6 (1 Admin, 0 User), as a server of the spec may answer them
    const coded = (code: 0 | 1) => code as unknown as AccessRecord['role'];
    expect(toDisplayedUser({ ...base, role: coded(1) }, 0)).toEqual({
      id: '7',
      email: 'jane_doe.smith@example.com',
      name: 'Jane Doe Smith',
      role: 'Admin',
      isActive: true,
      lastLogin: null,
      invitationPending: true,
    });
    expect(toDisplayedUser({ ...base, role: 'Manager', name: 'Jane' }, 0)).toMatchObject({
      name: 'Jane',
      role: 'Manager',
    });
    expect(toDisplayedUser({ ...base, role: coded(0), revokedAt: '2025-01-01T00:00:00Z' }, 0)).toMatchObject({
      role: 'User',
      isActive: false,
    });
  });
});

describe('countUsers', () => {
  it('counts total, active, admins and revoked', () => {
    const user = (role: 'Admin' | 'User', isActive: boolean) => ({
      id: '1',
      email: '',
      name: '',
      role,
      isActive,
      lastLogin: null,
      invitationPending: false,
    });
    expect(countUsers([user('Admin', true), user('User', false), user('User', true)])).toEqual({
      total: 3,
      active: 2,
      admins: 1,
      revoked: 1,
    });
  });
});

describe('grantErrorMessage', () => {
  it.each([
    [{ success: false }, 'Failed to create user. Please check your connection and try again.'],
    [{ success: false, status: 401 }, 'Authentication required. Please login again.'],
    [{ success: false, status: 403 }, 'You do not have permission to add users'],
    [
      { success: false, status: 400, problem: { detail: 'The request is not valid.' } },
      'Failed to create user: 400 - The request is not valid.',
    ],
    [
      {
        success: false,
        status: 500,
        error: 'HTTP error! status: 500',
        problem: { detail: 'An unexpected error occurred. It has been logged.' },
      },
      'Failed to create user: 500 - An unexpected error occurred. It has been logged.',
    ],
    [
      { success: false, status: 502, error: 'HTTP error! status: 502', problem: { title: 'Bad Gateway' } },
      'Failed to create user: 502 - Bad Gateway',
    ],
    [
      { success: false, status: 500, error: 'HTTP error! status: 500' },
      'Failed to create user: 500 - the server gave no reason',
    ],
  ])('%#', (result, message) => expect(grantErrorMessage(result)).toBe(message));
});
