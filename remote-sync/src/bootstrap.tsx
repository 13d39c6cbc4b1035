import '@mantine/core/styles.css';
import { renderStandalone } from '@auditdesk/shared';
import SyncPage from './sync/SyncPage';

renderStandalone(SyncPage);
