import { useEffect, useState, type ComponentType } from 'react';
import { loadRemotePage } from './loadRemotePage';
import type { RemotePageDefinition } from './remotePages';

export type RemotePageState =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; Page: ComponentType };

/** Loads a remote page; each new attempt number loads it again from the network. */
export function useRemotePage(page: RemotePageDefinition, attempt: number): RemotePageState {
  const [state, setState] = useState<RemotePageState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadRemotePage(page, attempt > 0).then(
      (Page) => current && setState({ status: 'ready', Page }),
      (error: unknown) =>
        current && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [page, attempt]);

  return state;
}
