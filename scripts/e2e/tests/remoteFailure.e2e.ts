import { test as base } from '@playwright/test';
import path from 'node:path';
import { ROOT } from '../../apps';
import { startAppServer, type AppServer } from '../support/appServer';
import { expect, foldSidebar, SCREENSHOTS, signIn } from '../support/fixtures';
import { freePort } from '../../../server/testkit/freePort';
import { serveFolder } from '../support/staticServer';

/** A server whose leads remote lives on its own origin, which is down at first. */
const test = base.extend<{ leadsPort: number; appServer: AppServer; baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  leadsPort: async ({}, use) => use(await freePort()),
  appServer: async ({ leadsPort }, use) => {
    const server = await startAppServer({
      REMOTE_LEADS_URL: `http://127.0.0.1:${leadsPort}/mf-manifest.json`,
    });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
});

test('a dead remote breaks only its own route, and Retry brings it back without a reload', async ({
  page,
  leadsPort,
}) => {
  await signIn(page);
  await page.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = 'same page'));

  await page.getByRole('link', { name: 'Leads' }).click();
  await foldSidebar(page);
  const panel = page.getByTestId('remote-error');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('The Leads module could not be loaded.');
  await expect(panel).not.toContainText('RUNTIME-');
  await page.getByRole('button', { name: 'Show technical details' }).click();
  await expect(page.getByTestId('remote-error-details')).toContainText('remote_leads');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'remote-failed.png') });

  // the layout and the other routes keep working
  await page.getByRole('link', { name: 'Calendar Sync' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar Sync' })).toBeVisible();
  await page.getByRole('link', { name: 'Leads' }).click();
  await expect(panel).toBeVisible();

  // the remote comes back on its own origin; Retry fetches it again
  const remote = await serveFolder(path.join(ROOT, 'remote-leads', 'dist'), leadsPort);
  try {
    // leave the sidebar first: hovered, it lies over the left of the content
    await foldSidebar(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Lead Management' })).toBeVisible();
    await expect(panel).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe(
      'same page',
    );
  } finally {
    await remote.close();
  }
});

test('React, the router and Mantine are fetched once for the host and every remote', async ({
  page,
  leadsPort,
}) => {
  const remote = await serveFolder(path.join(ROOT, 'remote-leads', 'dist'), leadsPort);
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  try {
    await signIn(page);
    for (const [link, heading] of [
      ['Leads', 'Lead Management'],
      ['Calendar Sync', 'Calendar Sync'],
      ['User Management', 'User Management'],
    ]) {
      await page.getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    // Copies, not files (the host puts its shared libraries in one file): each production
    // build of react and of react-dom assigns this export once.
    const copies = (assignment: RegExp) =>
      scripts.reduce((count, body) => count + (body.match(assignment)?.length ?? 0), 0);
    expect(copies(/\.unstable_renderSubtreeIntoContainer=function\(/g)).toBe(1);
    expect(copies(/\.cloneElement=function\(/g)).toBe(1);
    // the host's cut copies of react-router-dom and of Mantine's theme and contexts serve every
    // remote (a remote bundles only the Mantine components the host does not use, which take
    // the theme from the host's: scripts/webpack/splitMantine.cjs)
    const router = scripts.filter((body) =>
      body.includes('may be used only in the context of a <Router> component'),
    );
    const mantine = scripts.filter((body) =>
      body.includes('MantineProvider was not found in component tree'),
    );
    expect(router).toHaveLength(1);
    expect(mantine).toHaveLength(1);
  } finally {
    await remote.close();
  }
});
