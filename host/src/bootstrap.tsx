import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { refreshSession } from '@auditdesk/shared';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { refreshTokensWith } from './remotes/remoteUrls';

// /remotes.json answers each person their own releases: a token that ran out is refreshed first
refreshTokensWith(refreshSession);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render Auditdesk into.');
const root = createRoot(container);
// A transition renders in slices that yield to the browser: no long task at start-up.
startTransition(() => root.render(<App />));
