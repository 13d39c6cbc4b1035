import { Box } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../providers/AppProviders';
import type { RemoteName } from '../contract/remoteManifest';
import { standaloneRoutes, type StandalonePages } from './standaloneRoutes';
import { startDevSessionIfNone } from './startDevSessionIfNone';

/**
 * Renders a remote's pages on its own dev server, inside the same providers the host uses,
 * each at its route (standaloneRoutes).
 */
export function renderStandalone<Name extends RemoteName>(remote: Name, pages: StandalonePages<Name>): void {
  startDevSessionIfNone();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');
  const router = createBrowserRouter(standaloneRoutes(remote, pages));
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <Box p="lg" bg="gray.0" mih="100vh">
          <RouterProvider router={router} />
        </Box>
      </AppProviders>
    </StrictMode>,
  );
}
