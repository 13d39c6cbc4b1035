import { formatRelativeTime, type Notification } from '@auditdesk/shared';
import { Group, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowBackUpDouble,
  IconCalendarX,
  IconCircleCheck,
  IconCloudX,
  IconDatabaseExclamation,
  IconHistory,
  IconMailExclamation,
  IconRocket,
  IconStairsUp,
  IconUserCog,
  IconUserMinus,
  IconUserPlus,
  IconUserX,
} from '@tabler/icons-react';

const ICONS = {
  'sync-succeeded': IconCircleCheck,
  'sync-failed': IconAlertTriangle,
  'access-granted': IconUserPlus,
  'access-revoked': IconUserMinus,
  'role-changed': IconUserCog,
  'user-deleted': IconUserX,
  'mail-failed': IconMailExclamation,
  'release-promoted': IconRocket,
  'release-rolled-back': IconArrowBackUp,
  'backup-failed': IconDatabaseExclamation,
  'backup-copy-failed': IconCloudX,
  'data-restored': IconHistory,
  'release-staged': IconStairsUp,
  'release-aborted': IconArrowBackUpDouble,
  'calendar-write-refused': IconCalendarX,
  'lead-action-undone': IconArrowBackUp,
} satisfies Record<Notification['kind'], unknown>;

const COLORS = { success: 'green', error: 'red', info: 'blue' } satisfies Record<
  Notification['severity'],
  string
>;

/** One notification in the bell: its icon, title, message and when; unread ones stand out. */
export function NotificationItem({
  item,
  onOpen,
}: {
  item: Notification;
  onOpen: (item: Notification) => void;
}) {
  const Icon = ICONS[item.kind];
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      p="xs"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      bg={item.read ? undefined : 'blue.0'}
      className="notification-item"
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ThemeIcon aria-hidden variant="light" color={COLORS[item.severity]} size="md" radius="xl">
          <Icon size={16} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={item.read ? 400 : 600} c={item.severity === 'error' ? 'red.8' : undefined}>
            {item.title}
            {!item.read && <VisuallyHidden> (unread)</VisuallyHidden>}
          </Text>
          {item.message && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {item.message}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatRelativeTime(item.createdAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
