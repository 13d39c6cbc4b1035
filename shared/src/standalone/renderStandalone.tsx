import { Box } from '@mantine/core';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../providers/AppProviders';
import { startDevSessionIfNone } from './startDevSessionIfNone';

/** Renders a remote's page on its own dev server, inside the same providers the host uses. */
export function renderStandalone(Page: ComponentType): void {
  startDevSessionIfNone();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');
  const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
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
