import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { checkWithAxe } from './axe';
import { expect, foldSidebar, SCREENSHOTS, signIn } from './fixtures';
import { brokenEntryLeadsBuild, changedLeadsBuild, replaceText } from './releases';
import type { StageServers, StageSetup } from './stageSetups';
import { createUserWithPassword } from './users';

const HEADING = 'Lead Management';
const SECOND = 'Lead Management (release two)';
const USER = {
  email: 'sam@auditdesk.test',
  name: 'Sam User',
  role: 'User' as const,
  password: 'sam-password-123',
};
const TYPED = 'Owner called back: the audit moves to the morning, bring the blower door';

async function openLeads(page: Page, heading: string) {
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** What /remotes.json answers a person (their access token) for Leads at `url`, as a page would ask it. */
async function leadsFor(url: string, token: string): Promise<string> {
  const answer = await fetch(`${url}/remotes.json`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as Record<string, string>).remote_leads!;
}

/**
 * Issue 40 in Chromium: two people signed in at once, the Admin's browser on
 * `servers.adminUrl` and the User's on `servers.userUrl`; a release staged, advanced, taken
 * back by itself and previewed. Each test goes on from where the one before left it.
 */
export function stageScenario(setup: StageSetup) {
  test.describe(setup.name, () => stories(setup));
}

function stories(setup: StageSetup) {
  test.describe.configure({ mode: 'serial' });

  let servers: StageServers;
  let admin: BrowserContext;
  let user: BrowserContext;
  let adminTab: Page;
  let userTab: Page;
  /** Every manifest URL the User's browser was given by /remotes.json. */
  const userSaw: string[] = [];
  const builds: string[] = [];
  const shot = (name: string) =>
    path.join(SCREENSHOTS, `${name}--${setup.name.toLowerCase().replace(/\W+/g, '-')}.png`);

  async function newContext(browser: Browser, baseURL: string) {
    return browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  }

  test.beforeAll(async ({ browser }) => {
    // the servers' start, three runs of the command line (a process each) and two sign-ins
    test.setTimeout(180_000);
    // the watch judges from 2 page loads here: one person retrying is enough to show it
    servers = await setup.start({ RELEASE_WATCH_MIN_LOADS: '2' });
    await createUserWithPassword(servers.adminUrl, USER);
    builds.push(
      changedLeadsBuild(),
      changedLeadsBuild((dir) => replaceText(dir, `"${HEADING}"`, `"${SECOND}"`)),
      brokenEntryLeadsBuild(),
    );
    await servers.command('leads', '--dist', builds[0]!, '--notes', 'The first');
    await servers.command('leads', '--dist', builds[1]!, '--notes', 'A bigger heading for the leads');
    await servers.command('promote', 'leads', '0.1.0-1');

    admin = await newContext(browser, servers.adminUrl);
    user = await newContext(browser, servers.userUrl);
    user.on('response', (response) => {
      if (new URL(response.url()).pathname === '/remotes.json')
        void response.json().then((urls: Record<string, string>) => userSaw.push(urls.remote_leads!));
    });
    adminTab = await admin.newPage();
    userTab = await user.newPage();
    await signIn(adminTab);
    await signIn(userTab, USER.email, USER.password);
    await openLeads(adminTab, HEADING);
    await openLeads(userTab, HEADING);
    // the bell's hub connection opens 2 s after the layout: the tabs are listening after that
    await adminTab.waitForTimeout(2500);
  });

  test.afterAll(async () => {
    await admin?.close();
    await user?.close();
    await servers?.stop();
    for (const dir of builds) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a release staged for Admins reaches the Admin's tab (in the middle of an edit, not switched) and not the User's; advancing to everyone reaches both", async () => {
    test.setTimeout(90_000);
    // the Admin is in the middle of an edit: a lead's form open, text typed, not saved
    const edit = adminTab.getByRole('button', { name: /^Edit / }).first();
    const lead = (await edit.getAttribute('aria-label'))!.replace(/^Edit /, '');
    await edit.click();
    const form = adminTab.getByRole('dialog', { name: 'Edit Lead' });
    await form.getByRole('textbox', { name: 'Comments' }).fill(TYPED);
    // a reload or a navigation would start another document, without this mark
    await adminTab.evaluate(() => Object.assign(window, { editedHere: true }));

    const releasesPage = await admin.newPage();
    await releasesPage.goto('/releases');
    await foldSidebar(releasesPage);
    const card = releasesPage.getByRole('region', { name: 'Leads releases' });
    await card.getByRole('button', { name: 'Stage 0.1.0-2' }).click();
    await releasesPage.getByRole('menuitem', { name: 'Admins', exact: true }).click();
    const adminBanner = adminTab.getByTestId('new-release-banner');
    await expect(adminBanner).toContainText('A new version of Leads is available.');
    await expect(adminBanner).toContainText('A bigger heading for the leads');
    // the tab is not switched under the person: the same page, the form and its text stay
    await adminTab.waitForTimeout(1000);
    await expect(form.getByRole('textbox', { name: 'Comments' })).toHaveValue(TYPED);
    expect(await adminTab.evaluate(() => 'editedHere' in window)).toBe(true);
    await expect(adminTab.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    // both instances give the Admin the staged release, and the User the live one
    const adminToken = (await adminTab.evaluate(() => localStorage.getItem('token')))!;
    const userToken = (await userTab.evaluate(() => localStorage.getItem('token')))!;
    for (const url of new Set([servers.adminUrl, servers.userUrl])) {
      await expect.poll(() => leadsFor(url, adminToken)).toContain('/releases/leads/0.1.0-2/');
      expect(await leadsFor(url, userToken)).toContain('/releases/leads/0.1.0-1/');
    }
    await adminTab.screenshot({ path: shot('stage-admin-editing') });
    await userTab.screenshot({ path: shot('stage-user-not-told') });

    // the Admin saves the edit on the release the page runs, then takes the new one
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await adminBanner.getByRole('button', { name: 'Reload' }).click();
    await expect(adminTab.getByRole('heading', { name: SECOND })).toBeVisible();
    await adminTab
      .getByRole('button', { name: `Edit ${lead}` })
      .first()
      .click();
    await expect(form.getByRole('textbox', { name: 'Comments' })).toHaveValue(TYPED);
    await adminTab.keyboard.press('Escape');
    await expect(form).toBeHidden();
    // the User was told nothing, and a reload keeps them on the live release
    await expect(userTab.getByTestId('new-release-banner')).toHaveCount(0);
    await userTab.reload();
    await expect(userTab.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();

    await releasesPage.reload();
    await foldSidebar(releasesPage);
    const stage = releasesPage.getByRole('region', { name: 'Leads stage' });
    await expect(stage).toContainText('0.1.0-2 for Admins (1 person now)');
    await expect(stage.getByRole('row', { name: 'Staged 0.1.0-2' })).toContainText('Staged 0.1.0-2');
    await releasesPage.screenshot({ path: shot('releases-page-stage'), fullPage: false });
    // the stage panel and the release actions, as a screen reader and a keyboard meet them
    expect((await checkWithAxe(releasesPage, '/releases with a stage')).blocking).toEqual([]);

    await stage.getByRole('button', { name: 'Advance to Managers and Admins' }).click();
    await expect(stage).toContainText('0.1.0-2 for Managers and Admins');
    await expect(userTab.getByTestId('new-release-banner')).toHaveCount(0);
    const relayed = servers.relayed?.();
    await stage.getByRole('button', { name: 'Advance to everyone' }).click();
    await expect(card).toContainText('Live: 0.1.0-2');
    const userBanner = userTab.getByTestId('new-release-banner');
    await expect(userBanner).toContainText('A bigger heading for the leads');
    // on two instances the Admin's made it on A and the User's B was told through Redis (B
    // would otherwise see it only at its own next look, within 10 s: the server's tests time that)
    if (servers.relayed) expect(servers.relayed()).toBeGreaterThan(relayed!);
    await userBanner.getByRole('button', { name: 'Reload' }).click();
    await expect(userTab.getByRole('heading', { name: SECOND })).toBeVisible();
    await releasesPage.close();
  });

  test('a staged release whose entry fails is taken back by itself, the bell and the history saying why; the User never saw it', async () => {
    test.setTimeout(90_000);
    await servers.command('leads', '--dist', builds[2]!, '--notes', 'Its entry will not load');
    const releasesPage = await admin.newPage();
    await releasesPage.goto('/releases');
    await foldSidebar(releasesPage);
    const card = releasesPage.getByRole('region', { name: 'Leads releases' });
    await card.getByRole('button', { name: 'Stage 0.1.0-3' }).click();
    await releasesPage.getByRole('menuitem', { name: 'Admins', exact: true }).click();
    await expect(releasesPage.getByRole('region', { name: 'Leads stage' })).toContainText(
      '0.1.0-3 for Admins',
    );

    // the Admin opens Leads in a new page: it fails to load; Retry, and it fails again
    const failing = await admin.newPage();
    await failing.goto('/leads');
    const panel = failing.getByTestId('remote-error');
    await expect(panel).toContainText('The Leads module could not be loaded.');
    await failing.waitForTimeout(2100); // one report per remote every 2 s from a tab
    await panel.getByRole('button', { name: 'Retry' }).click();
    // the watch takes it back: everyone on the live release, and Retry loads it
    const token = (await failing.evaluate(() => localStorage.getItem('token')))!;
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${servers.adminUrl}/api/releases`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const { remotes } = (await answer.json()) as { remotes: { remote: string; stage: unknown }[] };
          return remotes.find((entry) => entry.remote === 'remote_leads')?.stage;
        },
        { intervals: [100], timeout: 15_000 },
      )
      .toBeNull();
    // Retry: this page tried 0.1.0-3, so it loads again to take 0.1.0-2 (never both in one page)
    await failing.getByTestId('remote-error').getByRole('button', { name: 'Retry' }).click();
    await expect(failing.getByRole('heading', { name: SECOND })).toBeVisible();

    await releasesPage.reload();
    await expect(card).toContainText(
      'the release watch aborted the stage of 0.1.0-3; everyone is back on 0.1.0-2.',
    );
    await expect(card).toContainText(
      "Why: Over the last 10 minutes, 2 of 0.1.0-3's 2 page loads failed or crashed (100 %: entry 2)",
    );
    await foldSidebar(releasesPage);
    await card.getByText('Recent changes').scrollIntoViewIfNeeded();
    await releasesPage.screenshot({ path: shot('release-taken-back') });
    const bell = releasesPage.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const notice = releasesPage.getByRole('button', { name: /^Leads 0.1.0-3 taken back automatically/ });
    await expect(notice).toContainText('everyone is back on 0.1.0-2');
    await expect(notice).toContainText("2 of 0.1.0-3's 2 page loads failed");
    await releasesPage.keyboard.press('Escape');

    // the User was on the live release all along
    await userTab.reload();
    await expect(userTab.getByRole('heading', { name: SECOND })).toBeVisible();
    await expect(userTab.getByTestId('new-release-banner')).toHaveCount(0);
    expect(userSaw.length).toBeGreaterThan(0);
    expect(userSaw.filter((url) => url.includes('0.1.0-3'))).toEqual([]);
    await failing.close();
    await releasesPage.close();
  });

  test('an Admin previews a release alone, and leaves the preview', async () => {
    const releasesPage = await admin.newPage();
    await releasesPage.goto('/releases');
    const card = releasesPage.getByRole('region', { name: 'Leads releases' });
    await card.getByRole('button', { name: 'Preview 0.1.0-1' }).click();
    // the app opens on Leads with the previewed release, for this Admin only
    await expect(releasesPage).toHaveURL(/\/leads$/);
    await expect(releasesPage.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    const banner = releasesPage.getByTestId('preview-banner');
    await expect(banner).toContainText('You are previewing Leads 0.1.0-1, for you only, until');
    await expect(releasesPage.getByText(/^Page 1 of/)).toBeVisible();
    await foldSidebar(releasesPage);
    await releasesPage.screenshot({ path: shot('preview-banner') });

    await userTab.reload();
    await expect(userTab.getByRole('heading', { name: SECOND })).toBeVisible();
    await expect(userTab.getByTestId('preview-banner')).toHaveCount(0);

    await banner.getByRole('button', { name: 'Leave preview' }).click();
    await expect(releasesPage.getByRole('heading', { name: SECOND })).toBeVisible();
    await expect(releasesPage.getByTestId('preview-banner')).toHaveCount(0);
    await releasesPage.close();
  });
}
