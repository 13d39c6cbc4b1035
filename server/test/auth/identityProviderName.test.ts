import { identityProviderName } from '../../src/features/auth/oidc/identityProviderName';

describe('identityProviderName', () => {
  it('is null without a client: the sign-in page then offers no provider button', () => {
    expect(
      identityProviderName({ issuer: 'https://accounts.google.com', allowUnverifiedEmail: false }),
    ).toBeNull();
  });

  it('names the providers people know, and calls any other one single sign-on', () => {
    const named = (issuer: string) =>
      identityProviderName({ issuer, clientId: 'app', allowUnverifiedEmail: false });
    expect(named('https://accounts.google.com')).toBe('Google');
    expect(named('https://login.microsoftonline.com/tenant-id/v2.0')).toBe('Microsoft');
    expect(named('https://sso.example.org/realms/office')).toBe('single sign-on');
  });
});
