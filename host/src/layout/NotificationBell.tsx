import type { Notification, SyncHubClient } from '@auditdesk/shared';
import { ActionIcon, Anchor, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NotificationItem } from '../notifications/NotificationItem';
import { useNotifications } from '../notifications/useNotifications';

/**
 * The top bar's bell: the unread count, and the newest notifications (a finished sync, an
 * access change). Opening one marks it read and goes where it belongs.
 */
export function NotificationBell({ client, liveAfterMs }: { client?: SyncHubClient; liveAfterMs?: number }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { page, failed, markRead } = useNotifications(client, liveAfterMs);
  const unread = page?.unreadCount ?? 0;
  const items = page?.items ?? [];

  const open = (item: Notification) => {
    if (!item.read) markRead([item.id]);
    setOpened(false);
    if (item.link) navigate(item.link);
  };

  return (
    // the indicator sits outside the popover: the button is the popover's own target, so
    // aria-expanded lands on a button (not on a div) and focus comes back to it on close
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={unread === 0} offset={6}>
      <Popover
        position="bottom-end"
        width={360}
        shadow="md"
        opened={opened}
        onChange={setOpened}
        trapFocus
        returnFocus
        closeOnEscape
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Group justify="space-between" px="xs" pb="xs">
            <Text size="sm" fw={600}>
              Notifications
            </Text>
            {unread > 0 && (
              <Anchor component="button" type="button" size="xs" onClick={() => markRead('all')}>
                Mark all as read
              </Anchor>
            )}
          </Group>
          {unread === 0 && (
            <Text size="sm" c="dimmed" px="xs" pb="xs" tabIndex={items.length === 0 ? 0 : undefined}>
              {failed && !page ? 'Notifications could not be loaded.' : 'You are all caught up.'}
            </Text>
          )}
          {items.length > 0 && (
            <ScrollArea.Autosize mah={380} type="auto">
              <Stack gap={2}>
                {items.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={open} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
