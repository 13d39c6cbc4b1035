import { Center, Loader } from '@mantine/core';
import { useState } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import type { RemotePageDefinition } from './remotePages';
import { useRemotePage } from './useRemotePage';

/** A route's page from a remote: loading, the page, or a failure panel with Retry. */
export function RemotePage({ page }: { page: RemotePageDefinition }) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemotePage(page, attempt);
  const retry = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') {
    return (
      <Center py="xl" aria-label={`Loading ${page.label}`}>
        <Loader />
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
