import { useAuth } from '@auditdesk/shared';
import { NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { sidebarItems, type NavGroupItem, type NavLinkItem } from './navItems';

function SidebarLink({ item, expanded }: { item: NavLinkItem; expanded: boolean }) {
  const { pathname } = useLocation();
  const link = (
    <NavLink
      component={RouterLink}
      to={item.to}
      label={expanded ? item.label : undefined}
      aria-label={item.label}
      leftSection={<item.icon size={20} stroke={1.6} />}
      active={pathname === item.to}
      styles={{ root: { borderRadius: 8, minHeight: 40 } }}
    />
  );
  return expanded ? (
    link
  ) : (
    <Tooltip label={item.label} position="right">
      {link}
    </Tooltip>
  );
}

/** A group of links (Resources) that opens in place; open at first when it holds the page shown. */
function SidebarGroup({ group, expanded }: { group: NavGroupItem; expanded: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(group.children.some((item) => pathname.startsWith(item.to)));
  return (
    <NavLink
      // a button, not an <a> without href: it must be reachable with Tab and open with Enter
      component="button"
      type="button"
      aria-expanded={open}
      label={expanded ? group.label : undefined}
      aria-label={group.label}
      leftSection={<group.icon size={20} stroke={1.6} />}
      opened={open}
      onChange={setOpen}
      childrenOffset={expanded ? 'md' : 0}
      styles={{ root: { borderRadius: 8, minHeight: 40 } }}
    >
      {group.children.map((item) => (
        <SidebarLink key={item.to} item={item} expanded={expanded} />
      ))}
    </NavLink>
  );
}

/** The links; labels show only when the sidebar is expanded (pinned or hovered). */
export function Sidebar({ expanded }: { expanded: boolean }) {
  const isAdmin = useAuth((state) => state.user?.role === 'Admin');
  const { links, groups } = sidebarItems(isAdmin);

  return (
    <ScrollArea type="never" component="nav" aria-label="Main navigation">
      {links.map((item) => (
        <SidebarLink key={item.to} item={item} expanded={expanded} />
      ))}
      {groups.map((group) => (
        <SidebarGroup key={group.label} group={group} expanded={expanded} />
      ))}
    </ScrollArea>
  );
}
