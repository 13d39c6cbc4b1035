import './focus.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../query/queryClient';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine, the toasts and the shared QueryClient: the host wraps the page in it, remotes
 * standalone too.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* bottom right: a toast never covers the top bar or a page's main button */}
      <Notifications position="bottom-right" limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
