import {
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

export interface NavLinkItem {
  to: string;
  label: string;
  icon: Icon;
}

export interface NavGroupItem {
  label: string;
  icon: Icon;
  children: NavLinkItem[];
}

export const MAIN_NAV: NavLinkItem[] = [
  { to: '/scheduling', label: 'Scheduling', icon: IconCalendarStats },
  { to: '/leads', label: 'Leads', icon: IconUsers },
  { to: '/sync', label: 'Calendar Sync', icon: IconRefresh },
];

export const ADMIN_NAV: NavLinkItem[] = [
  { to: '/user-management', label: 'User Management', icon: IconUserShield },
  { to: '/releases', label: 'Releases', icon: IconRocket },
];

export const RESOURCES_NAV: NavGroupItem = {
  label: 'Resources',
  icon: IconServer,
  children: [
    { to: '/resources/cloudflare', label: 'CloudFlare D1', icon: IconDatabase },
    { to: '/resources/redis', label: 'Redis', icon: IconBolt },
  ],
};
