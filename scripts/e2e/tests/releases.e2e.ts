import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startAppServer, type AppServer } from '../support/appServer';
import { expect, foldSidebar, SCREENSHOTS, signIn, test } from '../support/fixtures';
import { freePort } from '../../../server/testkit/freePort';
import { changedLeadsBuild, needAlso, releaseCommand, replaceText } from '../support/releases';

const HEADING = 'Lead Management';
const SECOND = 'Lead Management (release two)';

test('a release goes live with no restart, open tabs are told, and a rollback brings the old one back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server: AppServer = await startAppServer();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const builds: string[] = [];
  try {
    // two releases of remote-leads: the build as it is, and one whose heading says it is the second
    builds.push(
      changedLeadsBuild(),
      changedLeadsBuild((dir) => replaceText(dir, `"${HEADING}"`, `"${SECOND}"`)),
    );
    expect(await releaseCommand(server, 'leads', '--dist', builds[0]!, '--notes', 'The first')).toContain(
      'Published remote_leads 0.1.0-1',
    );
    await releaseCommand(server, 'leads', '--dist', builds[1]!, '--notes', 'A new heading');
    expect(await releaseCommand(server, 'promote', 'leads', '0.1.0-1')).toContain('Leads: 0.1.0-1 is live.');

    const leadsTab = await context.newPage();
    await signIn(leadsTab);
    await leadsTab.getByRole('link', { name: 'Leads' }).click();
    await expect(leadsTab.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    const schedulingTab = await context.newPage();
    await schedulingTab.goto('/scheduling');
    await expect(schedulingTab.getByRole('heading', { name: 'Scheduling Management' })).toBeVisible();
    await schedulingTab.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    // the bell's hub connection opens 2 s after the layout: the tabs are listening after that
    await leadsTab.waitForTimeout(2500);

    const admin = await context.newPage();
    await admin.goto('/releases');
    await foldSidebar(admin);
    const card = admin.getByRole('region', { name: 'Leads releases' });
    await expect(card).toContainText('Live: 0.1.0-1');
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'releases-page.png'), fullPage: true });

    const promoted = Date.now();
    await card.getByRole('button', { name: 'Promote 0.1.0-2' }).click();
    const banner = leadsTab.getByTestId('new-release-banner');
    await expect(banner).toContainText('A new version of Leads is available.');
    console.log(`promote → banner in the open tab: ${Date.now() - promoted} ms`);
    await foldSidebar(leadsTab);
    await leadsTab.screenshot({ path: path.join(SCREENSHOTS, 'release-banner.png') });
    // the tab runs the release it loaded until its person reloads
    await expect(leadsTab.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect(leadsTab.getByRole('heading', { name: SECOND })).toBeVisible();
    await expect(leadsTab.getByTestId('new-release-banner')).toHaveCount(0);

    // a tab that had not opened Leads takes the new release on its next navigation, with no reload
    await expect(schedulingTab.getByTestId('new-release-banner')).toHaveCount(0);
    await schedulingTab.getByRole('link', { name: 'Leads' }).click();
    await expect(schedulingTab.getByRole('heading', { name: SECOND })).toBeVisible();
    expect(await schedulingTab.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same page',
    );

    // roll back: the open tab is told again, and its reload shows the first release
    await card.getByRole('button', { name: 'Roll back' }).click();
    await expect(card).toContainText('Live: 0.1.0-1');
    await expect(leadsTab.getByTestId('new-release-banner')).toContainText(
      'A new version of Leads is available.',
    );
    await leadsTab.getByTestId('new-release-banner').getByRole('button', { name: 'Reload' }).click();
    await expect(leadsTab.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();

    // a release that needs a Mantine export the host build lacks is refused, naming it
    builds.push(changedLeadsBuild((dir) => needAlso(dir, '@mantine/core', ['Stepper'])));
    await releaseCommand(server, 'leads', '--dist', builds[2]!, '--notes', 'Needs a newer host');
    await admin.reload();
    await card.getByRole('button', { name: 'Promote 0.1.0-3' }).click();
    const refusal = card.getByRole('alert');
    await expect(refusal).toContainText('0.1.0-3 cannot go live: it does not fit the host that is live.');
    await expect(refusal).toContainText(
      'It uses exports the live host does not provide: @mantine/core: Stepper.',
    );
    await expect(card).toContainText('Live: 0.1.0-1');
    await admin.screenshot({ path: path.join(SCREENSHOTS, 'release-refused.png'), fullPage: true });

    // a live release whose manifest is gone: the tab shows the panel, and the page counts the failure
    builds.push(changedLeadsBuild());
    await releaseCommand(server, 'leads', '--dist', builds[3]!, '--notes', 'Its manifest will be lost');
    await releaseCommand(server, 'promote', 'leads', '0.1.0-4');
    fs.rmSync(path.join(server.dataDir, 'releases', 'leads', '0.1.0-4', 'mf-manifest.json'));
    // a change from the command line (no Redis here) reaches the server's /remotes.json within its cache time
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.url}/remotes.json`)).json()) as Record<string, string>).remote_leads,
        {
          timeout: 20_000,
        },
      )
      .toBe('/releases/leads/0.1.0-4/mf-manifest.json');
    const freshTab = await context.newPage();
    await freshTab.goto('/leads');
    await expect(freshTab.getByTestId('remote-error')).toContainText('The Leads module could not be loaded.');
    await expect
      .poll(async () => {
        await admin.reload();
        return card.getByRole('row', { name: 'Leads 0.1.0-4' }).getByRole('cell').nth(5).textContent();
      })
      .toBe('1');
    await expect(card.getByRole('row', { name: 'Leads 0.1.0-1' }).getByRole('cell').nth(4)).not.toHaveText(
      '0',
    );
  } finally {
    await context.close();
    await server.stop();
    for (const dir of builds) fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a remote that does not answer says so after 8 s, with Retry, and shows the panel after 30 s', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // a server that takes the connection and never answers
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
  const server = await startAppServer({ REMOTE_LEADS_URL: `http://127.0.0.1:${port}/mf-manifest.json` });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Leads' }).click();
    await foldSidebar(page);
    await expect(page.getByText('Loading Leads…')).toBeVisible();
    await expect(page.getByText('Leads is taking longer than usual…')).toBeVisible({ timeout: 12_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'remote-slow.png') });
    await expect(page.getByTestId('remote-error')).toContainText('The Leads module could not be loaded.', {
      timeout: 30_000,
    });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'remote-gave-up.png') });
  } finally {
    await context.close();
    await server.stop();
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});
