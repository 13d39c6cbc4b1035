import type { Page } from '@playwright/test';
import { checkWithAxe, writeAxeReport, type AxeFinding } from '../support/axe';

type Finding = AxeFinding & { headings: string[] };
import { expect, foldSidebar, signIn, test } from '../support/fixtures';

/** Waits until Mantine's transitions are over, so axe sees the finished page. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
}

/**
 * One <h1> per page and no skipped level below it (axe counts these as moderate; the
 * product wants them all the same). Dialogs are checked as their own documents.
 */
async function headingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find(
      (element) => (element as HTMLElement).offsetParent !== null,
    );
    const scope = dialog ?? document.body;
    const levels = [...scope.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter(
        (element) => (element as HTMLElement).offsetParent !== null || element.closest('[role="dialog"]'),
      )
      .map((element) => Number(element.tagName[1]));
    const problems: string[] = [];
    if (!dialog && levels.filter((level) => level === 1).length !== 1)
      problems.push(`${levels.filter((level) => level === 1).length} h1 on the page`);
    levels.forEach((level, index) => {
      const before = index === 0 ? (dialog ? 1 : 0) : levels[index - 1]!;
      if (level > before + 1) problems.push(`h${level} after h${before || 'nothing'}`);
    });
    return problems;
  });
}

const SIGNED_IN_ROUTES = [
  '/scheduling',
  '/scheduling/agenda',
  '/leads',
  '/sync',
  '/user-management',
  '/profile',
  '/resources/cloudflare',
  '/resources/redis',
  '/releases',
];

test('axe-core finds no critical or serious violation on any page, dialog or popover', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  const check = async (view: string, on: Page = page) => {
    await settled(on);
    // a modal dialog is checked on its own: the page behind it lies under its overlay
    const modal = view.endsWith(' dialog') ? '[role="dialog"][aria-modal="true"]' : undefined;
    findings.push({ ...(await checkWithAxe(on, view, modal)), headings: await headingProblems(on) });
  };

  // the sign-in pages, signed out
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  for (const route of [
    '/login',
    '/auth/error?message=Access%20was%20refused',
    '/set-password?token=abc',
    '/forgot-password',
    '/set-password',
  ]) {
    await visitor.goto(route);
    await check(route, visitor);
  }
  await visitorContext.close();

  await signIn(page);
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(route);
    await foldSidebar(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(route);
  }

  // the sidebar pinned open: the labels, the active one on its tint above all, are read too
  for (const route of ['/leads', '/scheduling']) {
    await page.goto(route);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.mouse.move(900, 600);
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(256);
    await expect(page.getByTestId('sidebar').locator('a[data-active]')).toBeVisible();
    await check(`${route} + sidebar open`);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  }

  // the bell and the user menu, open
  await page.goto('/scheduling');
  await foldSidebar(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await check('/scheduling + bell open');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /menu/i }).last().click();
  await check('/scheduling + user menu open');
  await page.keyboard.press('Escape');

  // the leads screen's dialogs and menus
  await page.goto('/leads');
  await foldSidebar(page);
  await page.getByRole('button', { name: 'Columns' }).click();
  await check('/leads + Columns menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Lead' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Lead' })).toBeVisible();
  await check('/leads + Add Lead dialog');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Lead' })).toBeVisible();
  await check('/leads + Edit Lead dialog');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Delete lead' })).toBeVisible();
  await check('/leads + Delete lead dialog');
  await page.keyboard.press('Escape');

  // the user management dialogs
  await page.goto('/user-management');
  await foldSidebar(page);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
  await check('/user-management + Add User dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Add User' }).waitFor({ state: 'hidden' });
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await page.getByRole('button', { name: 'Add User' }).click();
  await dialog.getByLabel('Email Address').fill('axe.person@auditdesk.test');
  await dialog.getByLabel('Full Name').fill('Axe Person');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog).toBeHidden();
  const added = page.getByRole('dialog', { name: 'User added' });
  await expect(added).toBeVisible();
  await check('/user-management + User added dialog');
  await page.keyboard.press('Escape');
  await expect(added).toBeHidden();
  const row = page.getByTestId('user-row-axe.person@auditdesk.test');
  await row.getByRole('button', { name: 'Password link for axe.person@auditdesk.test' }).click();
  await expect(page.getByRole('dialog', { name: 'Password link' })).toBeVisible();
  await check('/user-management + Password link dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Password link' })).toBeHidden();
  await row.getByRole('button', { name: 'Invitation link for axe.person@auditdesk.test' }).click();
  await expect(page.getByRole('dialog', { name: 'Invitation link' })).toBeVisible();
  await check('/user-management + Invitation link dialog');
  await page.keyboard.press('Escape');
  await row
    .getByRole('button', { name: 'Invitation pending: toggle access of axe.person@auditdesk.test' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Revoke access' })).toBeVisible();
  await check('/user-management + Revoke access dialog');
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Delete axe.person@auditdesk.test' }).click();
  await expect(page.getByRole('dialog', { name: /Delete/ })).toBeVisible();
  await check('/user-management + Delete user dialog');
  await page.keyboard.press('Escape');

  writeAxeReport(findings);
  const blocking = findings.filter((finding) => finding.blocking.length > 0 || finding.headings.length > 0);
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
});
