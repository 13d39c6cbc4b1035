import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render Auditdesk into.');
const root = createRoot(container);
// A transition renders in slices that yield to the browser: no long task at start-up.
startTransition(() => root.render(<App />));
