import { useAuth } from '@auditdesk/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { placeOf, type ReturnState } from './returnPath';

/**
 * Loading, authenticated, or off to /login: the three states of a protected route. /login is
 * told the whole place (path, query, hash), to open it again once the person has signed in.
 */
export function ProtectedRoute() {
  const status = useAuth((state) => state.status);
  const location = useLocation();

  if (status === 'loading') {
    return (
      <Center h="100vh">
        <Stack align="center" gap="xs">
          <Loader />
          <Text>Loading...</Text>
        </Stack>
      </Center>
    );
  }
  if (status === 'anonymous') {
    const state: ReturnState = { from: placeOf(location) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
