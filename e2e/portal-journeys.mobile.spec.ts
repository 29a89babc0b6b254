import { linkIn, signInStaff, waitForEmail } from './admin-helpers';
import { uniqueSlip } from '../test/fixtures/files';
import { expect, test, Wizard } from './fixtures/wizard';
import { fill, LOCALES, msg, pathIn } from './fixtures/locales';

/**
 * The customer portal on a phone, in English, Thai and Russian, with staff in between: a bank-transfer booking, the
 * slip uploaded from the emailed link, verified by staff, seen confirmed by the customer; then 'My Storage' (linked
 * from the site's menu) signs in by email link and a notice to vacate is given; a link that no longer opens offers a
 * new one. One booking per language runs through all of it, so the steps run in order.
 */
// Each language's booking runs through its steps in order, but the three languages are journeys of their own (their
// own customer, email and booking): they are shared out among the workers rather than run one after another in one.
test.describe.configure({ mode: 'parallel' });

for (const locale of LOCALES) {
  test.describe(`customer portal (${locale})`, () => {
    test.describe.configure({ mode: 'serial' });
    const m = msg(locale);
    const t = m.portal;
    const email = `portal-${locale}-${Date.now()}@example.com`;
    let reference = '';

    test('a customer books a unit by bank transfer; the final button books, it does not pay', async ({ page }) => {
      const wizard = new Wizard(page, locale);
      await wizard.bookUntilPayment({ email, method: 'bank_transfer' });
      await page.getByRole('button', { name: m.booking.bank.continueWithout }).click();
      await wizard.settled(m.booking.review.title);
      await wizard.acceptTerms();
      // Money moves later, by transfer: the button says so, and no "Pay" (docs/product-rules.md#buttons-say-what-happens).
      await expect(wizard.payNow()).toHaveText(new RegExp(`^${m.booking.review.submit.bank_transfer.split('{amount}')[0]}`));
      await wizard.payNow().click();
      await expect(wizard.booked()).toBeVisible();
      reference = new URL(page.url()).searchParams.get('bookingReference') ?? '';
      expect(reference).toMatch(/^BF2-/);
    });

    test('the slip goes up from the emailed link, staff verify it, and the customer sees the booking confirmed', async ({ page, browser, request }) => {
      const confirmation = await waitForEmail(request, email, (e) => (e.html ?? '').includes(`${pathIn(locale, '/my-booking/')}${reference}?token=`));
      const portal = linkIn(confirmation.html, new RegExp(`/my-booking/${reference}\\?token=`));
      await page.goto(portal);
      await expect(page.getByTestId('booking-status')).toHaveText(t.statuses.reserved);
      await page.getByLabel(t.proof.file).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: Buffer.from(await uniqueSlip()) });
      await page.getByRole('button', { name: t.proof.upload }).click();
      await expect(page.getByText(t.proof.uploaded)).toBeVisible();
      await expect(page.getByText(t.proof.statuses.pending).first()).toBeVisible();
      // A slip being checked: no second "pay" beside its invoice.
      await page.reload();
      await expect(page.getByTestId('payment-being-checked')).toHaveText(t.invoices.checking);
      await expect(page.getByRole('link', { name: t.invoices.pay })).toHaveCount(0);

      const staffContext = await browser.newContext();
      const staff = await staffContext.newPage();
      // Verifying asks for confirmation (issue 37).
      staff.on('dialog', (d) => void d.accept());
      await signInStaff(staff);
      await staff.getByRole('link', { name: reference }).first().click();
      await expect(staff.getByRole('img', { name: 'slip.png' })).toBeVisible();
      await staff.getByRole('button', { name: 'Verify payment' }).click();
      await expect(staff.getByText('Payment verified; booking confirmed.')).toBeVisible();
      await staffContext.close();

      await page.reload();
      await expect(page.getByTestId('booking-status')).toHaveText(t.statuses.confirmed);
      await expect(page.getByTestId('rental-state')).toHaveText(t.rentalStates.current);
      await expect(page.getByText(t.booking.unitNumber)).toBeVisible();
      await waitForEmail(request, email, (e) => e.subject === fill(m.portalEmails.confirmed.subject, { reference }));
    });

    test('a wrong link offers a new one; My Storage, linked from the menu, signs in by email to give notice', async ({ page, request }) => {
      // Without a valid signature: a 404 that says the link no longer opens and offers a new one, in this language.
      expect((await request.get(pathIn(locale, `/my-booking/${reference}`))).status()).toBe(404);
      expect((await request.get(pathIn(locale, '/my-booking/BF2-00000000'))).status()).toBe(404);
      const res = await page.goto(pathIn(locale, `/my-booking/${reference}?token=forged`));
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: t.linkExpired.title })).toBeVisible();
      await page.getByLabel(t.signIn.email).fill(email);
      await page.getByRole('button', { name: t.signIn.send }).click();
      await expect(page.getByRole('status')).toHaveText(t.signIn.sent);
      await waitForEmail(request, email, (e) => e.subject === m.portalEmails.signIn.subject);

      // My Storage is in the site's menu, its heading in this language.
      await page.goto(pathIn(locale, '/'));
      await page.getByRole('button', { name: m.nav.openMenu }).click();
      await page.getByRole('navigation', { name: m.nav.menu }).getByRole('link', { name: m.nav.myStorage }).click();
      await expect(page).toHaveURL(new RegExp(`${pathIn(locale, '/my-booking')}$`));
      await expect(page.getByRole('heading', { name: t.myStorage.title })).toBeVisible();
      await page.getByLabel(t.signIn.email).fill(email);
      await page.getByRole('button', { name: t.signIn.send }).click();
      await expect(page.getByRole('status')).toHaveText(t.signIn.sent);
      const mails = async () => (await (await request.get(`http://127.0.0.1:${process.env.FAKE_RESEND_PORT ?? 3192}/__emails`)).json()).filter((e: { to: string; subject: string }) => e.to === email && e.subject === m.portalEmails.signIn.subject);
      await expect.poll(async () => (await mails()).length).toBe(2);
      const mail = (await mails()).at(-1);
      await page.goto(linkIn(mail.html, /\/my-booking\/sign-in\?token=/));
      await page.getByRole('button', { name: t.signIn.continue }).click();
      await expect(page.getByRole('heading', { name: t.myStorage.title })).toBeVisible();
      await expect(page.getByText(fill(t.myStorage.signedInAs, { email }))).toBeVisible();
      await page.getByRole('link', { name: new RegExp(reference) }).click();

      await expect(page.getByRole('heading', { name: t.notice.title })).toBeVisible();
      page.on('dialog', (d) => d.accept());
      await page.getByRole('button', { name: t.notice.submit }).click();
      await expect(page.getByText(new RegExp(t.notice.given.split('{date}')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeVisible();
      await expect(page.getByTestId('rental-state')).toHaveText(t.rentalStates.notice_given);
      await waitForEmail(request, email, (e) => e.subject === fill(m.portalEmails.notice.subject, { reference }));

      // The same link cannot be used twice.
      await page.goto(linkIn(mail.html, /\/my-booking\/sign-in\?token=/));
      await page.getByRole('button', { name: t.signIn.continue }).click();
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(t.signIn.linkInvalid);
    });
  });
}
