import { ActionIcon, Group, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

interface TopBarProps {
  pinned: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ pinned, onToggleSidebar }: TopBarProps) {
  const ToggleIcon = pinned ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onToggleSidebar}
          aria-label={pinned ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-pressed={pinned}
        >
          <ToggleIcon size={20} />
        </ActionIcon>
        {/* the product's name, not a heading: each page's own title is its <h1> */}
        <Text fz="h3" fw={700}>
          Auditdesk
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
