import type { Page } from '@playwright/test';
import { expect, test, Wizard } from './fixtures/wizard';
import { signInStaff, waitForEmail } from './admin-helpers';

/**
 * The office's days and times come from Settings, where staff change them (docs/product-rules.md#agreement-and-business-facts,
 * "Office hours"): the header, the footer, the home page's contact card, the FAQ, the wizard's cash notice, the
 * success page and the confirmation email all say the new hours, in each language with its own grammar. The texts
 * below are written out as a customer reads them.
 */
test.describe.configure({ mode: 'serial' });

async function setHours(page: Page, days: string, opens: string, closes: string) {
  await signInStaff(page);
  await page.goto('/admin/settings');
  const field = page.getByLabel('Office days (Mo, Tu, We, Th, Fr, Sa, Su)');
  const form = page.locator('form').filter({ has: field });
  await field.fill(days);
  await form.getByLabel('Office opens (HH:MM)').fill(opens);
  await form.getByLabel('Office closes (HH:MM)').fill(closes);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(/^Saved/)).toBeVisible();
}

/** A cached page shows the change once it has been rendered again: reload until it does. */
async function seesText(page: Page, path: string, text: string | RegExp) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** The FAQ's answers are folded: open the question, as a customer does, and read the answer. */
async function readsAnswer(page: Page, path: string, question: string, answer: string) {
  await expect(async () => {
    await page.goto(path);
    await page.getByText(question, { exact: true }).click();
    await expect(page.getByText(answer, { exact: false })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test('staff move the office to Tuesday to Saturday, 10:00–19:00', async ({ page }) => {
  await setHours(page, 'Tu, We, Th, Fr, Sa', '10:00', '19:00');
});

// The server of this worker serves other spec files after this one: the shipped hours come back, whatever happened.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });
  await setHours(page, 'Mo, Tu, We, Th, Fr, Sa', '09:00', '18:00');
  await page.close();
});

test('the public pages say the new hours in English, Thai and Russian', async ({ page }) => {
  await seesText(page, '/', 'Tuesday to Saturday 10:00–19:00');
  await expect(page.getByRole('contentinfo').getByText('Tue–Sat 10:00–19:00')).toBeVisible();
  // English first: once a Thai or Russian page is seen, the unprefixed address leads back to that language.
  await readsAnswer(page, '/faq', 'When can I access my storage unit?', 'Our office is staffed Tuesday to Saturday from 10:00 to 19:00');
  await seesText(page, '/th', 'วันอังคารถึงวันเสาร์ 10:00–19:00 น.');
  await expect(page.getByRole('banner').getByText('อ.–ส. 10:00–19:00 น. · เข้าออกได้ 24 ชม.').first()).toBeVisible();
  await seesText(page, '/ru', 'Со вторника по субботу 10:00–19:00');
  await expect(page.getByRole('contentinfo').getByText('Вт–Сб 10:00–19:00')).toBeVisible();
  await readsAnswer(page, '/ru/faq', 'Когда я могу попасть в свой бокс?', 'Офис работает со вторника по субботу с 10:00 до 19:00');
});

test('a Russian customer paying cash is told the new hours in the wizard, on the success page and by email', async ({ page, request }) => {
  const email = `hours-ru-${Date.now()}@example.com`;
  const hours = 'со вторника по субботу, 10:00–19:00';
  const wizard = new Wizard(page, 'ru');
  // The wizard's cached page carries the new hours (for the cash notice at step 12) once it has been rendered again.
  await expect.poll(async () => (await request.get('/ru/booking-v2')).text(), { timeout: 20_000 }).toContain('со вторника по субботу');
  await wizard.bookUntilPayment({ unit: 'm', email, method: 'cash', day: 3 });
  await expect(page.getByText(`Часы работы офиса: ${hours}.`, { exact: false })).toBeVisible();
  await wizard.submit();
  await expect(wizard.booked()).toBeVisible();
  await expect(page.getByText(`Часы работы офиса: ${hours}.`, { exact: false })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  const mail = await waitForEmail(request, email, (e) => e.subject.includes(reference));
  expect(mail.html).toContain(`(${hours})`);
});
