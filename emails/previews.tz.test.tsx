import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n/translator';
import { EMAIL_PREVIEWS, PREVIEW_LOCALES, type EmailPreviewName } from './previews';

const HEADINGS: Record<EmailPreviewName, 'confirmation.heading' | 'unitAvailable.heading' | 'reminder.heading'> = {
  'booking-confirmation-bank-transfer': 'confirmation.heading',
  'booking-confirmation-card': 'confirmation.heading',
  'booking-confirmation-promptpay': 'confirmation.heading',
  'booking-confirmation-crypto': 'confirmation.heading',
  'booking-confirmation-cash': 'confirmation.heading',
  'unit-available': 'unitAvailable.heading',
  'draft-reminder': 'reminder.heading',
};

describe('email templates with their preview props', () => {
  const cases = (Object.keys(EMAIL_PREVIEWS) as EmailPreviewName[]).flatMap((name) => PREVIEW_LOCALES.map((locale) => ({ name, locale })));

  it.each(cases)('$name renders in $locale, as HTML and as text', async ({ name, locale }) => {
    const element = EMAIL_PREVIEWS[name](locale);
    const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
    const heading = translator(locale, 'emails')(HEADINGS[name]);
    expect(html).toContain(`lang="${locale}"`);
    // Plain text writes headings in capitals.
    expect(text.toLowerCase()).toContain(heading.toLowerCase());
    // No untranslated key or unfilled placeholder reaches a customer.
    expect(text).not.toMatch(/confirmation\.|unitAvailable\.|reminder\.|\{\w+\}/);
  });

  it('the bank transfer confirmation breaks the price down to the total and says how to pay', async () => {
    const text = await render(EMAIL_PREVIEWS['booking-confirmation-bank-transfer']('en'), { plainText: true });
    expect(text).toContain('Kasikornbank');
    expect(text).toContain('Withholding tax 5%');
    expect(text).toContain('Total due today');
  });
});
