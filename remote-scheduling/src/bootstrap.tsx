import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { renderStandalone } from '@auditdesk/shared';
import AgendaPage from './agenda/AgendaPage';
import SchedulingPage from './scheduling/SchedulingPage';

// every page of the remote at its route, as the host routes them (the remote manifest)
renderStandalone('remote_scheduling', { './SchedulingPage': SchedulingPage, './AgendaPage': AgendaPage });
