import { useAuth } from '@auditdesk/shared';
import { NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { ADMIN_NAV, MAIN_NAV, RESOURCES_NAV, type NavLinkItem } from './navItems';

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

/** The links; labels show only when the sidebar is expanded (pinned or hovered). */
export function Sidebar({ expanded }: { expanded: boolean }) {
  const isAdmin = useAuth((state) => state.user?.role === 'Admin');
  const { pathname } = useLocation();
  const [resourcesOpen, setResourcesOpen] = useState(pathname.startsWith('/resources'));
  const links = isAdmin ? [...MAIN_NAV, ...ADMIN_NAV] : MAIN_NAV;

  return (
    <ScrollArea type="never" component="nav" aria-label="Main navigation">
      {links.map((item) => (
        <SidebarLink key={item.to} item={item} expanded={expanded} />
      ))}
      {isAdmin && (
        <NavLink
          // a button, not an <a> without href: it must be reachable with Tab and open with Enter
          component="button"
          type="button"
          aria-expanded={resourcesOpen}
          label={expanded ? RESOURCES_NAV.label : undefined}
          aria-label={RESOURCES_NAV.label}
          leftSection={<RESOURCES_NAV.icon size={20} stroke={1.6} />}
          opened={resourcesOpen}
          onChange={setResourcesOpen}
          childrenOffset={expanded ? 'md' : 0}
          styles={{ root: { borderRadius: 8, minHeight: 40 } }}
        >
          {RESOURCES_NAV.children.map((item) => (
            <SidebarLink key={item.to} item={item} expanded={expanded} />
          ))}
        </NavLink>
      )}
    </ScrollArea>
  );
}
