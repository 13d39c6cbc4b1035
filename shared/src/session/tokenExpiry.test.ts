import { fakeJwt } from '../../../scripts/jest/fakeJwt';
import { hasJwtShape, isTokenExpired } from './tokenExpiry';

describe('token expiry', () => {
  it('reads exp from the payload', () => {
    expect(isTokenExpired(fakeJwt(-1))).toBe(true);
    expect(isTokenExpired(fakeJwt(60))).toBe(false);
  });

  it('treats a token without a readable exp as not expired (the server decides)', () => {
    expect(isTokenExpired('a.b.c')).toBe(false);
    expect(isTokenExpired('opaque')).toBe(false);
  });

  it('knows a JWT by its three parts', () => {
    expect(hasJwtShape('a.b.c')).toBe(true);
    expect(hasJwtShape('a.b')).toBe(false);
  });
});
