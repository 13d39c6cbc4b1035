import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { loadRemotePage } from './loadRemotePage';
import type { RemotePageDefinition } from './remotePages';

export type RemotePageState =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; Page: ComponentType };

const LOADING: RemotePageState = { status: 'loading' };

/** Loads a remote page; each new attempt number loads it again from the network. */
export function useRemotePage(page: RemotePageDefinition, attempt: number): RemotePageState {
  // The settled state remembers which load it belongs to; until the current load settles,
  // the page is loading.
  const [settled, setSettled] = useState<{
    page: RemotePageDefinition;
    attempt: number;
    state: RemotePageState;
  }>();

  useEffect(() => {
    let current = true;
    const settle = (state: RemotePageState) => current && setSettled({ page, attempt, state });
    loadRemotePage(page, attempt > 0).then(
      // the page's first render runs in yielding slices, not one long task
      (Page) =>
        startTransition(() => {
          settle({ status: 'ready', Page });
        }),
      (error: unknown) =>
        settle({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [page, attempt]);

  return settled && settled.page === page && settled.attempt === attempt ? settled.state : LOADING;
}
