import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { renderStandalone } from '@auditdesk/shared';
import { ADMIN_PAGES } from './adminPages';

// every page of the remote at its route, refused to non-admins as the host does (the remote manifest)
renderStandalone('remote_admin', ADMIN_PAGES);
