import path from 'node:path';
import { expect, SCREENSHOTS, test } from '../support/fixtures';

const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

test.describe('desktop-only overlay', () => {
  test.describe('on a phone at 800 px', () => {
    test.use({ userAgent: ANDROID_PHONE, viewport: { width: 800, height: 1000 } });

    test('covers the app with the steps for each browser', async ({ page }) => {
      await page.goto('/login');
      const overlay = page.getByRole('dialog', { name: 'Desktop Mode Required' });
      await expect(overlay).toBeVisible();
      for (const browser of ['Chrome', 'Safari', 'Firefox']) {
        await expect(overlay.getByText(browser, { exact: true })).toBeVisible();
      }
      await page.screenshot({ path: path.join(SCREENSHOTS, 'overlay-phone.png') });
    });
  });

  test.describe('on a desktop browser at 800 px', () => {
    test.use({ viewport: { width: 800, height: 900 } });

    test('stays away', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByText('Desktop Mode Required')).toHaveCount(0);
    });
  });
});
