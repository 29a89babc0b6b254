/**
 * Every email template with preview props, in any of the three languages: what the development-only preview
 * (GET /api/dev/emails) renders for designers, and what the template tests render. Sample data only, no database.
 */
import type { ReactElement } from 'react';
import { LOCALES, localizedPath, type Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { computeQuote, SUPPLY_CATALOG, type PaymentMethod } from '@/lib/pricing';
import { buildConfirmationSummary } from '@/lib/booking/snapshot';
import { localizedAddress } from '@/lib/settings';
import { DEFAULT_SETTINGS } from '@/lib/settings/defaults';
import { officeHoursIn } from '@/lib/settings/office-hours';
import { formatThaiPhone } from '@/lib/format/phone';
import { BookingConfirmationEmail, confirmationFormats, howToPayFor } from './booking-confirmation-email';
import { UnitAvailableEmail } from './unit-available-email';
import { DraftReminderEmail } from './draft-reminder-email';

export { LOCALES as PREVIEW_LOCALES };

const SITE = 'https://www.example.com';
const CREATED = new Date('2026-11-22T05:00:00.000Z');
const HOLD = new Date('2026-11-24T05:00:00.000Z');

function footer(locale: Locale): string {
  const contact = DEFAULT_SETTINGS.contact;
  return translator(locale, 'emails')('footer', { address: localizedAddress(contact, locale), phone: formatThaiPhone(contact.phone) });
}

function bookingConfirmation(method: PaymentMethod) {
  return function BookingConfirmationPreview(locale: Locale): ReactElement {
    const t = translator(locale, 'emails');
    const business = method === 'bank_transfer';
    const supplies = business ? [{ id: 'lock', label: 'Extra stainless steel lock', quantity: 1, priceSatang: SUPPLY_CATALOG.lock.priceSatang, lineTotal: SUPPLY_CATALOG.lock.priceSatang }] : [];
    const quote = computeQuote({
      monthlyRate: business ? 710_000 : 270_000,
      pricingMode: 'normal',
      term: business ? '12m' : '6m',
      insuranceMonthly: business ? 0 : 30_000,
      supplies,
      customerType: business ? 'business' : 'individual',
      paymentMethod: method,
      promo: business ? { type: 'percentage', percent: 10 } : null,
    });
    const summary = buildConfirmationSummary({
      bookingId: 'preview',
      reference: 'BF2-PREVIEW1',
      locale,
      createdAt: CREATED,
      startDate: '2026-11-25',
      holdExpiresAt: HOLD,
      customer: business
        ? { type: 'business', name: 'Somchai Jaidee', email: 'accounts@example.co.th', phone: '076 123 4567', address: '99 Moo 1, Cherngtalay', companyName: 'Andaman Dive Co., Ltd.', taxId: '0107544000108' }
        : { type: 'individual', name: 'Anna Smith', email: 'anna@example.com', phone: '+66 81 234 5678', address: '1 Beach Road, Phuket', companyName: null, taxId: null },
      unitNumber: null,
      unitTypeCode: business ? 'l' : 'm',
      unitTypeLabel: business ? 'Large Unit' : 'Medium Unit',
      dimensions: business ? '3 m × 5 m × 2.5 m' : '2 m × 3 m × 2.5 m',
      termCode: business ? '12m' : '6m',
      termLabel: t(`labels.terms.${business ? '12m' : '6m'}`),
      insuranceMonthly: business ? 0 : 30_000,
      promoCode: business ? 'WELCOME10' : null,
      paymentMethod: method,
      paymentMethodLabel: t(`labels.methods.${method}`),
      paymentStatus: 'reserved',
      supplies,
      quote,
      portalPath: '/my-booking/BF2-PREVIEW1',
    });
    const howToPay = howToPayFor(method, quote.totalDueToday, { ...DEFAULT_SETTINGS, officeHours: officeHoursIn(locale, DEFAULT_SETTINGS.hours) }, locale);
    return (
      <BookingConfirmationEmail
        t={t}
        summary={summary}
        fmt={confirmationFormats(summary, locale, CREATED, method === 'card' || method === 'promptpay' ? null : HOLD)}
        portalUrl={`${SITE}${localizedPath(locale, '/my-booking/BF2-PREVIEW1')}?token=preview`}
        unitNumber={null}
        footer={footer(locale)}
        howToPay={howToPay}
      />
    );
  };
}

export const EMAIL_PREVIEWS = {
  'booking-confirmation-bank-transfer': bookingConfirmation('bank_transfer'),
  'booking-confirmation-card': bookingConfirmation('card'),
  'booking-confirmation-promptpay': bookingConfirmation('promptpay'),
  'booking-confirmation-crypto': bookingConfirmation('crypto'),
  'booking-confirmation-cash': bookingConfirmation('cash'),
  'unit-available': (locale: Locale) => (
    <UnitAvailableEmail t={translator(locale, 'emails')} lang={locale} unitType="Medium Unit" bookUrl={`${SITE}${localizedPath(locale, '/booking-v2')}?unit=m`} footer={footer(locale)} />
  ),
  'draft-reminder': (locale: Locale) => (
    <DraftReminderEmail t={translator(locale, 'emails')} lang={locale} resumeUrl={`${SITE}${localizedPath(locale, '/booking-v2')}?draft=preview`} footer={footer(locale)} />
  ),
} satisfies Record<string, (locale: Locale) => ReactElement>;

export type EmailPreviewName = keyof typeof EMAIL_PREVIEWS;

export function isEmailPreviewName(name: unknown): name is EmailPreviewName {
  return typeof name === 'string' && Object.hasOwn(EMAIL_PREVIEWS, name);
}
