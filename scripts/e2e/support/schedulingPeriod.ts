import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Chooses an option of one of the scheduling screen's selectors (Start Year, Category…). */
export async function pick(page: Page, label: string, option: string) {
  await expect(async () => {
    await page.mouse.move(900, 700);
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
}

export const monthName = (date: Date) => date.toLocaleString('en-US', { month: 'long' });

/** Sets the comparison's period to the months of `start` to `end` and waits until it shows them. */
export async function choosePeriod(page: Page, start: Date, end: Date) {
  // end first: the picker moves the other end along rather than accept a reversed period
  await pick(page, 'End Year', String(end.getFullYear()));
  await pick(page, 'End Month', monthName(end));
  await pick(page, 'Start Year', String(start.getFullYear()));
  await pick(page, 'Start Month', monthName(start));
  await expect(page.getByTestId('chart-period')).toHaveText(
    `${start.getMonth() + 1}/${start.getFullYear()} - ${end.getMonth() + 1}/${end.getFullYear()}`,
  );
}
