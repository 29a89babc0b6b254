import { expect, test } from './fixtures/wizard';
import { msg, pathIn } from './fixtures/locales';
import { UNIT_TYPES } from '../prisma/seed-data/unit-types';

/**
 * Numbers as a Thai or Russian customer reads them on a phone (issue 37, item 11; docs/product-rules.md, "Smaller
 * things"): the site's phone and WhatsApp grouped the one Thai way (the WhatsApp number once showed as 66936541234),
 * and unit sizes with the language's decimal separator and metre in the wizard and the checkout, not "1.5 m" beside
 * "7,5 м³".
 */
const SIZE = { th: '1.5 ม. × 2 ม. × 2.5 ม.', ru: '1,5 м × 2 м × 2,5 м' } as const;
const PHONE = '+66 93 654 1234';

for (const locale of ['th', 'ru'] as const) {
  const m = msg(locale);
  const small = UNIT_TYPES.find((u) => u.code === 's')!.name[locale];

  test(`${locale}: the contact phones are grouped the Thai way and the small unit's size is written the ${locale} way`, async ({ page }) => {
    // The booking-success page's contacts (shown also when the link opens no booking).
    await page.goto(pathIn(locale, '/booking-success'));
    const contacts = page.getByRole('heading', { name: m.checkout.success.contactTitle }).locator('..');
    await expect(contacts.getByRole('link', { name: PHONE, exact: true }).first()).toHaveAttribute('href', 'tel:+66936541234');
    const whatsapp = contacts.locator('li').filter({ hasText: /^WhatsApp:/ }).getByRole('link');
    await expect(whatsapp).toHaveText(PHONE);
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/66936541234/);

    // The wizard's first step.
    await page.goto(pathIn(locale, '/booking-v2'));
    const card = page.locator('li[data-unit="s"]');
    await expect(card.getByRole('heading', { name: small })).toBeVisible();
    await expect(card).toContainText(SIZE[locale]);
    if (locale === 'ru') await expect(page.locator('main')).not.toContainText(/\d\.\d\s?(m|м)(?![²³])/);

    // The one-page checkout's summary of the unit.
    await page.goto(pathIn(locale, '/checkout?unit=s&term=m2m'));
    await expect(page.getByText(`${small} · ${SIZE[locale]}`)).toBeVisible();
  });
}
