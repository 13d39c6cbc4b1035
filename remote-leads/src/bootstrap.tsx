import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { renderStandalone } from '@auditdesk/shared';
import LeadsPage from './leads/LeadsPage';

renderStandalone('remote_leads', { './LeadsPage': LeadsPage });
