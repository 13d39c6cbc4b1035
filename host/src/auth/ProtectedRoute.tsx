import { useAuth } from '@auditdesk/shared';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/** Loading, authenticated, or off to /login: the three states of a protected route. */
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
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
