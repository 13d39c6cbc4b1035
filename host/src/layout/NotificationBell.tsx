import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

export function NotificationBell() {
  return (
    <Popover position="bottom-end" width={260} shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
          <IconBell size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={500}>
          Notifications
        </Text>
        <Text size="sm" c="dimmed">
          You are all caught up.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
