import { PREFERENCE_KEYS, savePreferencesSoon } from '@auditdesk/shared';
import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { DataRestoredNotice } from '../backups/DataRestoredNotice';
import { NewReleaseBanner } from '../releases/NewReleaseBanner';
import { useSyncEndToast } from '../sync-feedback/useSyncEndToast';
import { Sidebar } from './Sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX, TOP_BAR_PX } from './sidebarWidths';
import { TopBar } from './TopBar';
import { useHoverIntent } from './useHoverIntent';

/** The pointer must rest this long on the strip before it widens over the content. */
const HOVER_INTENT_MS = 120;

/**
 * Fixed top bar and sidebar. Collapsed, the sidebar is a 64 px icon strip that widens to
 * 256 px over the content while hovered; the toggle pins it open.
 */
export function AppLayout() {
  const [pinned, setPinned] = useLocalStorage({ key: PREFERENCE_KEYS.sidebarPinned, defaultValue: false });
  const [hovered, hoverRef] = useHoverIntent<HTMLElement>(HOVER_INTENT_MS);
  const expanded = pinned || hovered;
  useSyncEndToast();

  return (
    <AppShell
      header={{ height: TOP_BAR_PX }}
      navbar={{ width: pinned ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX, breakpoint: 0 }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <TopBar
          pinned={pinned}
          onToggleSidebar={() => {
            setPinned(!pinned);
            savePreferencesSoon();
          }}
        />
      </AppShell.Header>
      <AppShell.Navbar
        p={8}
        data-testid="sidebar"
        ref={hoverRef}
        style={{
          width: expanded ? SIDEBAR_EXPANDED_PX : SIDEBAR_COLLAPSED_PX,
          transition: 'width 150ms ease',
          overflow: 'hidden',
          boxShadow: hovered && !pinned ? 'var(--mantine-shadow-md)' : undefined,
        }}
      >
        <Sidebar expanded={expanded} />
      </AppShell.Navbar>
      {/* focusable by script only (the skip link); no ring for a region the mouse never aims at */}
      <AppShell.Main bg="gray.0" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <DataRestoredNotice />
        <NewReleaseBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
