import { signOut, useAuth } from '@auditdesk/shared';
import { Avatar, Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ROLE_COLORS } from '../profile/roleColors';

export function UserMenu() {
  const user = useAuth((state) => state.user);
  const navigate = useNavigate();
  if (!user) return null;

  return (
    // kept in the top bar (not a portal at the page's end), so it sits inside the banner landmark
    <Menu position="bottom-end" width={240} shadow="md" withinPortal={false}>
      <Menu.Target>
        <UnstyledButton>
          <Group gap={8}>
            <Avatar color="blue" radius="xl" size={32} aria-hidden>
              {user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {user.name}
            </Text>
            {/* named by what it shows, then what it is: no label that differs from the text */}
            <VisuallyHidden>(user menu)</VisuallyHidden>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {/* no <p> in a menu: a menu holds menu items and groups only */}
          <Text component="div" size="sm" c="dark" truncate>
            {user.email}
          </Text>
          <Badge mt={4} size="sm" color={ROLE_COLORS[user.role]} variant="light">
            {user.role}
          </Badge>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/profile')}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} disabled>
          Settings
        </Menu.Item>
        <Menu.Divider />
        {/* c: the menu draws a coloured item in shade 6, too light to read */}
        <Menu.Item
          color="red"
          c="red.9"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
