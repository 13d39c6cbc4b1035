import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { renderStandalone } from '@auditdesk/shared';
import SchedulingPage from './scheduling/SchedulingPage';

renderStandalone(SchedulingPage);
