import type { Locator } from 'playwright-core';

/**
 * Taps `date` (YYYY-MM-DD) in the app's open 'Выбор даты' sheet, turning it to that date's month
 * first: back while it can, then forward. Tomorrow is in next month's grid on a month's last day.
 */
export async function tapDateInSheet(sheet: Locator, date: string): Promise<void> {
  const day = sheet.locator(`[data-date="${date}"]`);
  await sheet.waitFor();
  const previous = sheet.getByRole('button', { name: 'Предыдущий месяц' });
  for (let i = 0; i < 24 && (await day.count()) === 0 && (await previous.isEnabled()); i++) {
    await previous.click();
  }
  for (let i = 0; i < 24 && (await day.count()) === 0; i++) {
    await sheet.getByRole('button', { name: 'Следующий месяц' }).click();
  }
  await day.click();
}
