import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { renderStandalone } from '@auditdesk/shared';
import SyncPage from './sync/SyncPage';

renderStandalone('remote_sync', { './SyncPage': SyncPage });
