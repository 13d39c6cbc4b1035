import {
  REMOTE_MANIFEST,
  SIDEBAR_GROUPS,
  type RemotePageEntry,
  type SidebarGroupId,
} from '@auditdesk/shared/remotes';
import type { Icon } from '@tabler/icons-react';
import { NAV_ICONS } from './navIcons';

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

export interface SidebarItems {
  links: NavLinkItem[];
  groups: NavGroupItem[];
}

/**
 * The sidebar a user sees, from the remote manifest: its pages with a sidebar entry in the
 * manifest's order (admin-only ones for admins only), then the groups that hold any of them.
 */
export function sidebarItems(isAdmin: boolean): SidebarItems {
  const links: NavLinkItem[] = [];
  const grouped = new Map<SidebarGroupId, NavLinkItem[]>();
  for (const page of REMOTE_MANIFEST.flatMap((remote): readonly RemotePageEntry[] => remote.pages)) {
    if (!page.sidebar || (page.adminOnly && !isAdmin)) continue;
    const item = { to: page.route, label: page.label, icon: NAV_ICONS[page.sidebar.icon] };
    const { group } = page.sidebar;
    if (group) grouped.set(group, [...(grouped.get(group) ?? []), item]);
    else links.push(item);
  }
  const groups = [...grouped].map(([id, children]) => ({
    label: SIDEBAR_GROUPS[id].label,
    icon: NAV_ICONS[SIDEBAR_GROUPS[id].icon],
    children,
  }));
  return { links, groups };
}
