import { authStore, exchangeSignInCode } from '@auditdesk/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RETURN_PARAM } from './identityProviderSignInUrl';
import { landingAfterSignIn } from './returnPath';

export const CALLBACK_FAILED = 'Authentication failed. Please try again.';

/**
 * Where the identity-provider sign-in comes back, with a one-time code (never tokens: a
 * crafted link could then sign a person into someone else's account). The code is traded
 * for the session from this browser; without one, or when the trade fails, back to /login.
 * Signed in, it opens the place the person was going to (`next`, only ever a place of this app).
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const failed = () => {
      authStore.getState().setLoginError(CALLBACK_FAILED);
      navigate('/login', { replace: true });
    };
    const code = params.get('code');
    if (!code) return failed();
    const landing = landingAfterSignIn(params.get(RETURN_PARAM));
    void exchangeSignInCode(code).then((user) => (user ? navigate(landing, { replace: true }) : failed()));
  }, [params, navigate]);

  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text>Signing you in...</Text>
      </Stack>
    </Center>
  );
}
