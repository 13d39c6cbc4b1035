import { authStore, fetchCurrentUser } from '@auditdesk/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HOME_PATH } from '../app/homePath';

export const CALLBACK_FAILED = 'Authentication failed. Please try again.';

/** Where the identity-provider sign-in comes back with the tokens in the query. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const token = params.get('token');
    const email = params.get('user');
    const store = authStore.getState();
    if (!token || !email) {
      store.setLoginError(CALLBACK_FAILED);
      navigate('/login', { replace: true });
      return;
    }
    const tokens = { token, refreshToken: params.get('refreshToken') };
    store.setTokens(tokens);
    void fetchCurrentUser(email).then((user) => {
      const name = params.get('name') || email.split('@')[0] || email;
      authStore.getState().setSession(tokens, user ?? { id: email, email, name, role: 'User' });
      navigate(HOME_PATH, { replace: true });
    });
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
