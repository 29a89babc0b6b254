import en from '../messages/en.json' with { type: 'json' };
import th from '../messages/th.json' with { type: 'json' };
import ru from '../messages/ru.json' with { type: 'json' };
import { type Page } from '@playwright/test';
import { expect, test, Wizard } from './fixtures/wizard';
import { linkIn, waitForEmail } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from '../lib/uploads/limits';

// Oversized files on a phone, in Thai and in Russian (issue 37 item 3; docs/product-rules.md#uploads): the wizard's
// slip, the /payment-instructions slip, the portal's identity document and slip. Each says the same translated
// message in place, before sending and when the server or the proxy refuses the body, and keeps what was already done.
const MESSAGES = { en, th, ru } as const;
const twelveMb = () => ({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(12 * 1024 * 1024, 0xff) });
const tooLargeText = (m: typeof en) => m.uploads.tooLarge.replace('{max}', String(MAX_UPLOAD_MB));

async function slipFile(name = 'slip.png') {
  return { name, mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) };
}

/** The page still is the page (not the error screen), with the message said in place. */
async function expectMessageInPlace(page: Page, m: typeof en, heading: string) {
  await expect(page.getByRole('alert').filter({ hasText: tooLargeText(m) })).toBeVisible();
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(page.getByText(m.errorPage.title)).toHaveCount(0);
}

for (const locale of ['th', 'ru'] as const) {
  const m = MESSAGES[locale];

  test(`${locale}: an oversized slip or ID document is refused with the same message everywhere, and nothing is lost`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const email = `uploads-${locale}-${Date.now()}@example.com`;
    const wizard = new Wizard(page, locale);

    // The wizard's step 11: refused in the browser, in the page's language. A 6 m² unit: the small ones are what most
    // specs book, and this spec runs late on its worker's server, when every small unit may be held.
    await wizard.bookUntilPayment({ unit: 'm6', email, method: 'bank_transfer' });
    await page.getByLabel(m.booking.proof.choose).setInputFiles(twelveMb());
    await expect(page.getByRole('alert').filter({ hasText: tooLargeText(m) })).toBeVisible();
    await page.getByRole('button', { name: m.booking.bank.continueWithout }).click();
    await wizard.settled(m.booking.review.title);
    await wizard.submit();
    await expect(wizard.booked()).toBeVisible({ timeout: 30_000 });
    const booked = new URL(page.url());
    const bookingId = booked.searchParams.get('bookingId') ?? '';
    const reference = booked.searchParams.get('bookingReference') ?? '';
    expect(reference).toMatch(/^BF2-/);

    // /payment-instructions: a good slip first, then a 12 MB one: the message under the picker, the slip still there.
    await page.goto(`/${locale}/payment-instructions?bookingId=${bookingId}&bookingReference=${reference}&method=bank_transfer`);
    const choose = page.getByLabel(m.payment.form.choose);
    // Disabled in the server HTML until the page is interactive: a file set before that reaches no handler.
    await expect(choose).toBeEnabled();
    await choose.setInputFiles(await slipFile('first-slip.png'));
    const uploaded = page.getByText(m.payment.form.uploaded.replace('{name}', 'first-slip.png'));
    await expect(uploaded).toBeVisible();
    await choose.setInputFiles(twelveMb());
    await expectMessageInPlace(page, m, m.payment.instructions.title);
    await expect(uploaded).toBeVisible();

    // The proxy (or Next) refusing a body: said as the same message, in place (a 413 is what a too-large body gets).
    await page.route('**/api/payment-proofs', (route) => route.fulfill({ status: 413, contentType: 'text/html', body: '<html><body>413 Request Entity Too Large</body></html>' }));
    await choose.setInputFiles(await slipFile('second-slip.png'));
    await expectMessageInPlace(page, m, m.payment.instructions.title);
    await page.unroute('**/api/payment-proofs');
    await expect(uploaded).toBeVisible();

    // The server's own answer to a file a little over the limit: the translated refusal, not a 413 from the transport.
    const over = await request.post(`/api/payment-proofs?locale=${locale}`, { multipart: { file: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1024 * 1024, 0xff) } } });
    expect(over.status()).toBe(400);
    expect(await over.json()).toMatchObject({ error: 'size' });

    // The slip that was kept is sent (the booking already said the transfer was made, so it goes straight to staff;
    // otherwise the button does it): the portal lists it below.
    const sent = page.getByRole('button', { name: m.payment.form.sent });
    if (await sent.isVisible()) await sent.click();
    await expect(page.getByText(m.payment.form.doneTitle)).toBeVisible();

    // The portal: a 12 MB identity document and a 12 MB slip, each refused in place; the chosen document kind stays.
    const mail = await waitForEmail(request, email, (e) => (e.html ?? '').includes(`/my-booking/${reference}?token=`));
    await page.goto(linkIn(mail.html, new RegExp(`/my-booking/${reference}\\?token=`)).replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText(/first-slip\.png/)).toBeVisible();
    const idForm = page.locator('form').filter({ has: page.getByLabel(m.moveIn.portal.identity.file) });
    await idForm.getByRole('combobox').selectOption({ label: m.moveIn.kinds.passport });
    await page.getByLabel(m.moveIn.portal.identity.file).setInputFiles(twelveMb());
    await page.getByRole('button', { name: m.moveIn.portal.identity.upload }).click();
    await expect(idForm.getByRole('alert')).toHaveText(tooLargeText(m));
    await expect(page.getByRole('heading', { name: m.moveIn.portal.identity.title })).toBeVisible();
    await expect(idForm.getByRole('combobox')).toHaveValue('passport');

    const slipForm = page.locator('form').filter({ has: page.getByLabel(m.portal.proof.file) });
    await page.getByLabel(m.portal.proof.file).setInputFiles(twelveMb());
    await page.getByRole('button', { name: m.portal.proof.upload }).click();
    await expect(slipForm.getByRole('alert')).toHaveText(tooLargeText(m));

    // A request that does not come back (the transport refusing the body) is said in place, never the error page.
    await page.route(/\/my-booking\//, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 413, body: 'Request Entity Too Large' }) : route.fallback()));
    await page.getByLabel(m.moveIn.portal.identity.file).setInputFiles(await slipFile('passport.png'));
    await page.getByRole('button', { name: m.moveIn.portal.identity.upload }).click();
    await expect(idForm.getByRole('alert')).toHaveText(m.uploads.failed);
    await expect(page.getByText(m.errorPage.title)).toHaveCount(0);
    await page.unroute(/\/my-booking\//);

    // And then the real document goes up.
    await page.getByRole('button', { name: m.moveIn.portal.identity.upload }).click();
    await expect(page.getByText(m.moveIn.portal.identity.pending)).toBeVisible();
  });
}
