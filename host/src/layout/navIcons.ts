import type { NavIconName } from '@auditdesk/shared/remotes';
import {
  IconArchive,
  IconBolt,
  IconCalendarStats,
  IconDatabase,
  IconRefresh,
  IconRocket,
  IconServer,
  IconUserShield,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

/** The icon the remote manifest names for each sidebar entry. */
export const NAV_ICONS: Record<NavIconName, Icon> = {
  'calendar-stats': IconCalendarStats,
  users: IconUsers,
  refresh: IconRefresh,
  'user-shield': IconUserShield,
  rocket: IconRocket,
  server: IconServer,
  database: IconDatabase,
  bolt: IconBolt,
  archive: IconArchive,
};
