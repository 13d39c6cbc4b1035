import { AppProviders } from '@auditdesk/shared';
import { RouterProvider } from 'react-router-dom';
import { DesktopOnlyOverlay } from '../desktop-overlay/DesktopOnlyOverlay';
import { useRestoreSessionOnce } from '../auth/useRestoreSessionOnce';
import { router } from './router';

export function App() {
  useRestoreSessionOnce();
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <DesktopOnlyOverlay />
    </AppProviders>
  );
}
