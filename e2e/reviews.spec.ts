import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import type En from '../messages/en.json';

// Read at run time: Playwright's loader cannot import JSON modules without import attributes.
const load = (l: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'messages', `${l}.json`), 'utf8')) as typeof En;

// The e2e database was seeded when the server started: the first built-in review is 14 days old, the last 155.
const AGES = {
  en: ['2 weeks ago', '5 months ago'],
  th: ['2 สัปดาห์ที่ผ่านมา', '5 เดือนที่ผ่านมา'],
  ru: ['2 недели назад', '5 месяцев назад'],
} as const;

for (const locale of ['en', 'th', 'ru'] as const) {
  test(`landing reviews print their age in ${locale}`, async ({ page }) => {
    await page.goto(locale === 'en' ? '/' : `/${locale}`);
    const reviews = page.getByRole('region', { name: load(locale).home.reviews.title });
    await expect(reviews.getByRole('listitem')).toHaveCount(6);
    for (const age of AGES[locale]) await expect(reviews.getByText(age, { exact: true })).toBeVisible();
    if (locale !== 'en') await expect(reviews).not.toContainText(/\bago\b/);
  });
}
