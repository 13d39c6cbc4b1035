import { Tabs } from '@mantine/core';
import { IconCalendarEvent, IconChartBar } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The scheduling remote's two pages: the auditors compared, and one auditor's agenda. */
export const SCHEDULING_TABS = [
  { path: '/scheduling', label: 'Comparison', icon: IconChartBar },
  { path: '/scheduling/agenda', label: 'Agenda', icon: IconCalendarEvent },
] as const;

export function SchedulingTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SCHEDULING_TABS.find((tab) => tab.path === pathname.replace(/\/$/, ''))?.path ?? null;
  return (
    <Tabs value={current} onChange={(path) => path && navigate(path)} mb="lg" data-agenda-screen-only>
      <Tabs.List>
        {SCHEDULING_TABS.map(({ path, label, icon: Icon }) => (
          <Tabs.Tab key={path} value={path} leftSection={<Icon size={16} />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
