import { act, screen } from '@testing-library/react';
import { authStore } from '../session/authStore';
import type { Role } from '../contract/vocabulary';
import { REMOTE_MANIFEST } from '../contract/remoteManifest';
import { renderRoutes } from '../testing/renderWithProviders';
import { standaloneRoutes, type StandalonePages } from './standaloneRoutes';

const signInAs = (role: Role) =>
  act(() =>
    authStore
      .getState()
      .setSession(
        { token: 'a.b.c', refreshToken: null },
        { id: '1', email: 'x@example.com', name: 'X', role },
      ),
  );

/** A stand-in for each page of a remote, saying which it is. */
const stubs = (remote: (typeof REMOTE_MANIFEST)[number]) =>
  Object.fromEntries(
    remote.pages.map((page) => [page.module, () => <p>page {page.module}</p>]),
  ) as unknown as StandalonePages<typeof remote.name>;

describe("a remote on its own dev server (the remote manifest's pages)", () => {
  afterEach(() => act(() => authStore.getState().clearSession()));

  it.each(REMOTE_MANIFEST.flatMap((remote) => remote.pages.map((page) => [remote, page] as const)))(
    'routes %#: each page at its route, an admin-only one refused to others with its message',
    (remote, page) => {
      signInAs('Admin');
      const admin = renderRoutes(standaloneRoutes(remote.name, stubs(remote)), page.route);
      expect(screen.getByText(`page ${page.module}`)).toBeInTheDocument();
      admin.unmount();
      signInAs('Manager');
      renderRoutes(standaloneRoutes(remote.name, stubs(remote)), page.route);
      if (page.adminOnly) expect(screen.getByText(page.adminOnly.deniedMessage)).toBeInTheDocument();
      else expect(screen.getByText(`page ${page.module}`)).toBeInTheDocument();
    },
  );

  it('shows the first page at any other address', () => {
    signInAs('Admin');
    const remote = REMOTE_MANIFEST.find((candidate) => candidate.name === 'remote_scheduling')!;
    renderRoutes(standaloneRoutes(remote.name, stubs(remote)), '/elsewhere');
    expect(screen.getByText('page ./SchedulingPage')).toBeInTheDocument();
  });
});
