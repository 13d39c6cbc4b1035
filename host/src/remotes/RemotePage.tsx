import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { reportLoadError } from './loadReports';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import type { RemotePageDefinition } from './remotePages';
import { GIVE_UP_AFTER_MS, useLoadClock } from './useLoadClock';
import { useRemotePage } from './useRemotePage';

/** A route's page from a remote: loading (saying so when slow), the page, or a failure panel with Retry. */
export function RemotePage({ page }: { page: RemotePageDefinition }) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemotePage(page, attempt);
  const clock = useLoadClock(state.status === 'loading', attempt);
  const retry = () => setAttempt((n) => n + 1);
  const givenUp = state.status === 'loading' && clock === 'given-up';
  useEffect(() => {
    if (givenUp)
      reportLoadError(page.remote, 'timeout', `No answer within ${GIVE_UP_AFTER_MS / 1000} seconds.`);
  }, [givenUp, page.remote]);

  if (givenUp) {
    const error = new Error(`${page.remote} did not answer within ${GIVE_UP_AFTER_MS / 1000} seconds.`);
    return <RemoteErrorPanel page={page} error={error} onRetry={retry} />;
  }
  if (state.status === 'loading') {
    return (
      <Center py="xl" aria-label={`Loading ${page.label}`}>
        <Stack align="center" gap="sm">
          <Loader />
          {clock === 'slow' ? (
            <>
              <Text size="sm" role="status">
                {page.label} is taking longer than usual…
              </Text>
              <Button variant="light" size="xs" leftSection={<IconRefresh size={14} />} onClick={retry}>
                Retry
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Loading {page.label}…
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
  if (state.status === 'error') return <RemoteErrorPanel page={page} error={state.error} onRetry={retry} />;
  return (
    <RemoteErrorBoundary key={attempt} page={page} onRetry={retry}>
      <state.Page />
    </RemoteErrorBoundary>
  );
}
