import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import type En from '../messages/en.json';

// Read at run time: Playwright's loader cannot import JSON modules without import attributes.
const load = (l: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'messages', `${l}.json`), 'utf8')) as typeof En;
const en = load('en');
const MESSAGES = { en, th: load('th'), ru: load('ru') } as const;
type Locale = keyof typeof MESSAGES;
const prefix = (l: Locale) => (l === 'en' ? '' : `/${l}`);

const PAGES = [
  { path: '/faq', key: 'faq', h1: (m: typeof en) => m.faq.title },
  { path: '/space-calculator', key: 'spaceCalculator', h1: (m: typeof en) => m.calculator.title },
  { path: '/greenbox', key: 'greenbox', h1: (m: typeof en) => m.greenbox.title },
  { path: '/legal', key: 'legal', h1: (m: typeof en) => m.legalPage.title },
  { path: '/mobile-features', key: 'mobileFeatures', h1: (m: typeof en) => m.mobileFeatures.title },
] as const;

async function expectOneH1(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

for (const locale of ['en', 'th', 'ru'] as const) {
  const m = MESSAGES[locale];
  test.describe(`public pages in ${locale}`, () => {
    for (const p of PAGES) {
      test(`${p.path} has its title, heading and language`, async ({ page }) => {
        const res = await page.goto(`${prefix(locale)}${p.path}`);
        expect(res?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page).toHaveTitle(`${m.meta.pages[p.key].title} | ${m.meta.siteName}`);
        await expectOneH1(page, p.h1(m));
      });
    }

    test('the FAQ answers the key questions in an accordion', async ({ page }) => {
      await page.goto(`${prefix(locale)}/faq`);
      const question = page.getByText(m.faq.items.deposit.q);
      await expect(question).toBeVisible();
      await question.click();
      await expect(page.locator('#deposit p')).toBeVisible();
      await expect(page.locator('details')).toHaveCount(Object.keys(m.faq.items).length);
    });

    test('an unknown address shows the translated not-found page', async ({ page }) => {
      const res = await page.goto(`${prefix(locale)}/this-page-does-not-exist/at-all`);
      expect(res?.status()).toBe(404);
      await expectOneH1(page, m.notFound.title);
      await expect(page.getByRole('link', { name: m.notFound.home })).toBeVisible();
    });
  });
}

test.describe('page content (English)', () => {
  test('the FAQ states deposit, insurance, discounts and setup fee as the business charges them', async ({ page }) => {
    await page.goto('/faq');
    for (const id of ['deposit', 'insurance', 'prepaid', 'setupFee', 'payment', 'business']) {
      await page.locator(`#${id} summary`).click();
    }
    await expect(page.getByText(/one month’s rent.*refundable within 30 days.*waived when you pay by card/)).toBeVisible();
    await expect(page.getByText(/฿100 to ฿1,000 a month.*฿1,000,000/)).toBeVisible();
    await expect(page.getByText(/save 5%, 6 months save 10%, 12 months save 15%/)).toBeVisible();
    await expect(page.getByText(/setup fee of ฿350.*lock/)).toBeVisible();
    await expect(page.getByText(/PromptPay QR, bank transfer, Bitcoin or USDT, or in cash/)).toBeVisible();
    await expect(page.getByText(/5% withholding tax/)).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('FAQPage');
    expect(jsonLd.mainEntity.length).toBeGreaterThanOrEqual(12);
  });

  test('the space calculator recommends a unit with its live price and a booking link', async ({ page }) => {
    await page.goto('/space-calculator');
    await expect(page.getByText('Add a few items to see which unit fits.')).toBeVisible();
    const addMediumBox = page.getByRole('button', { name: 'Add one Medium box' });
    for (let i = 0; i < 3; i++) await addMediumBox.click();
    await page.getByRole('spinbutton', { name: 'Number of Medium box' }).fill('20');
    await page.getByRole('button', { name: 'Add one Sofa (3-seater)' }).click();
    await page.getByRole('button', { name: 'Add one Double bed with mattress' }).click();
    await expect(page.getByText('22 items', { exact: true })).toBeVisible();
    await expect(page.getByText('Items: about 4.8 m³')).toBeVisible();
    const best = page.getByTestId('recommendation-s');
    await expect(best.getByText('Best fit')).toBeVisible();
    await expect(best.getByText('Small Unit')).toBeVisible();
    await expect(best.getByText('฿1,400')).toBeVisible();
    await expect(best.getByRole('link', { name: /Book Now/ })).toHaveAttribute('href', '/booking-v2?unit=s');

    // A much bigger household moves the recommendation up; xxl is sold out and never the best fit.
    await page.getByRole('spinbutton', { name: 'Number of Wardrobe' }).fill('30');
    await expect(page.getByTestId('recommendation-xxl').getByText('Sold out')).toBeVisible();
    await expect(page.getByTestId('recommendation-xxl').getByRole('link')).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByText('No items yet', { exact: true })).toBeVisible();
  });

  test('a motorbike is recommended a drive-up unit', async ({ page }) => {
    await page.goto('/space-calculator');
    await page.getByRole('button', { name: 'Add one Motorbike or scooter' }).click();
    const best = page.locator('[data-testid^="recommendation-"]').first();
    await expect(best.getByText(/Drive-up/)).toBeVisible();
    await expect(best.getByText(/฿\d/)).toBeVisible();
  });

  test('GreenBox shows its terms, fees and a contact call to action', async ({ page }) => {
    await page.goto('/greenbox');
    await expect(page.getByText('Minimum rental period: 1 week.')).toBeVisible();
    await expect(page.getByText('Damaged box fee: ฿300 per box.')).toBeVisible();
    await expect(page.getByText('Cleaning fee: ฿200 per box returned dirty.')).toBeVisible();
    await expect(page.getByText('Lost box fee: ฿800 per box.')).toBeVisible();
    await expect(page.getByText(/within 60 days are treated as abandoned/)).toBeVisible();
    await expect(page.getByText(/Monday to Saturday, 9:00–18:00, with 1 business day’s notice/)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call \+66/ })).toHaveAttribute('href', /^tel:\+66/);
    await expect(page.getByRole('link', { name: 'Message us on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/66/);
  });

  test('the legal page shows the active documents, their version and date, and is not indexed', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.getByText('Version 3 · Last updated 28 November 2026')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.locator('#terms .legal-document')).toContainText('BF2-');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the mobile features page explains the app and how to install it', async ({ page }) => {
    await page.goto('/mobile-features');
    for (const name of ['Call', 'Location', 'Photo', 'Alerts']) {
      await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Choose “Add to Home Screen”, then “Add”.')).toBeVisible();
  });

  test('the installed app shows the action bar; a normal visit does not', async ({ browser }) => {
    const normal = await browser.newPage();
    await normal.goto('/faq');
    await expect(normal.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(normal.getByRole('navigation', { name: 'App actions' })).toHaveCount(0);
    await normal.close();

    const context = await browser.newContext();
    // Chromium cannot be launched as an installed app here, so the standalone display mode is simulated.
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone') ? ({ ...original(q), matches: true, media: q, addEventListener() {}, removeEventListener() {} } as MediaQueryList) : original(q);
    });
    const app = await context.newPage();
    await app.goto('/faq');
    const bar = app.getByRole('navigation', { name: 'App actions' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Call' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Location' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Alerts' })).toBeVisible();
    await context.close();
  });

  test('the action bar explains a failure: a blocked map window shows Map Failed with the address', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone') ? ({ ...original(q), matches: true, media: q, addEventListener() {}, removeEventListener() {} } as MediaQueryList) : original(q);
      // A popup blocker returns no window.
      window.open = () => null;
    });
    const app = await context.newPage();
    await app.goto('/mobile-features');
    await app.getByRole('navigation', { name: 'App actions' }).getByRole('button', { name: 'Location' }).click();
    const alert = app.getByRole('alert').filter({ hasText: 'Map Failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Cherngtalay');
    await context.close();
  });
});
