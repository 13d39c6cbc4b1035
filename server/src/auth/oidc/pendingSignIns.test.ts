import { createPendingSignIns } from './pendingSignIns';

const signIn = { codeVerifier: 'v', nonce: 'n', redirectUri: 'r', returnUrl: 'u', browserHash: 'h' };

describe('pending identity-provider sign-ins', () => {
  it('is bounded per address and in all, and refuses rather than evicting anyone', () => {
    let now = 0;
    const pending = createPendingSignIns({ now: () => now, maxTotal: 5, maxPerAddress: 2 });
    expect(pending.put('a1', signIn, '10.0.0.1')).toBe(true);
    expect(pending.put('a2', signIn, '10.0.0.1')).toBe(true);
    expect(pending.put('a3', signIn, '10.0.0.1')).toBe(false); // this address's share is full
    expect(pending.put('b1', signIn, '10.0.0.2')).toBe(true);
    expect(pending.put('c1', signIn, '10.0.0.3')).toBe(true);
    expect(pending.put('d1', signIn, '10.0.0.4')).toBe(true);
    expect(pending.put('e1', signIn, '10.0.0.5')).toBe(false); // the store is full
    expect(pending.take('a1')).toMatchObject({ nonce: 'n' }); // nobody's sign-in was evicted
    expect(pending.take('a1')).toBeNull(); // taken once
    now += 11 * 60 * 1000;
    expect(pending.take('b1')).toBeNull(); // expired
    expect(pending.put('e1', signIn, '10.0.0.5')).toBe(true); // expired ones made room
  });
});
