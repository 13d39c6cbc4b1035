import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportLoadError } from './loadReports';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import type { RemotePageDefinition } from './remotePages';

interface RemoteErrorBoundaryProps {
  page: RemotePageDefinition;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Keeps a remote page that throws while rendering inside its own route, and reports the crash
 * as an error of the release it runs, with the route (the watch counts it).
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.page.remote} crashed while rendering`, error, info.componentStack);
    reportLoadError(this.props.page.remote, 'render', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteErrorPanel page={this.props.page} error={error} onRetry={this.props.onRetry} />;
  }
}
