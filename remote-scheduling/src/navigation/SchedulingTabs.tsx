import { Group, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconChartBar } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';

/** The scheduling remote's two pages: the auditors compared, and one auditor's agenda. */
export const SCHEDULING_TABS = [
  { path: '/scheduling', label: 'Comparison', icon: IconChartBar },
  { path: '/scheduling/agenda', label: 'Agenda', icon: IconCalendarEvent },
] as const;

const ACTIVE = '2px solid var(--mantine-color-blue-9)';

/**
 * Links that look like tabs: each is a page with its own URL (ARIA tabs would need panels
 * on this page). The current one says so with aria-current.
 */
export function SchedulingTabs() {
  const { pathname } = useLocation();
  const current = pathname.replace(/\/$/, '');
  return (
    <Group
      component="nav"
      aria-label="Scheduling views"
      gap={0}
      mb="lg"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      data-agenda-screen-only
    >
      {SCHEDULING_TABS.map(({ path, label, icon: Icon }) => {
        const active = current === path;
        return (
          <UnstyledButton
            key={path}
            component={Link}
            to={path}
            aria-current={active ? 'page' : undefined}
            px="md"
            py={8}
            fz="sm"
            fw={active ? 600 : 400}
            c={active ? 'blue.9' : undefined}
            style={{ borderBottom: active ? ACTIVE : '2px solid transparent', marginBottom: -1 }}
          >
            <Group gap={6} wrap="nowrap">
              <Icon size={16} />
              {label}
            </Group>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
