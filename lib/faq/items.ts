import { INSURANCE_LEVELS, SETUP_FEE, TERMS, VAT_RATE_PCT, WHT_RATE_PCT, insuranceCoverSatang } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import type { Locale } from '@/lib/i18n/routing';
import { MOVE_IN_WINDOW_DAYS } from '@/lib/dates/bangkok';
import { CUSTOMER_NOTICE_DAYS } from '@/lib/portal/notice';
import { DEPOSIT_REFUND_DAYS } from '@/lib/billing/calendar';
import { RENT_NOTICE_DAYS } from '@/lib/billing/rent-changes';
import type { OfficeHoursText } from '@/lib/settings/office-hours';

/** Order of the questions on the page (texts in messages `faq.items.<id>`). */
export const FAQ_IDS = [
  'access',
  'pin',
  'size',
  'booking',
  'payment',
  'deposit',
  'prepaid',
  'setupFee',
  'insurance',
  'business',
  'climate',
  'prohibited',
  'moving',
  'notice',
] as const;

export type FaqId = (typeof FAQ_IDS)[number];

/**
 * Figures quoted in the answers, taken from the pricing catalogue so the copy never drifts from what is charged, and
 * the office's hours as staff set them (lib/settings/office-hours.ts).
 */
export function faqValues(locale: Locale, officeHours: OfficeHoursText) {
  const paid = INSURANCE_LEVELS.filter((l) => l > 0);
  const maxPrice = Math.max(...paid);
  return {
    setupFee: formatTHB(SETUP_FEE, locale),
    minPrice: formatTHB(Math.min(...paid), locale),
    maxPrice: formatTHB(maxPrice, locale),
    maxCover: formatTHB(insuranceCoverSatang(maxPrice), locale),
    m3: TERMS['3m'].months,
    d3: TERMS['3m'].discountPct,
    m6: TERMS['6m'].months,
    d6: TERMS['6m'].discountPct,
    m12: TERMS['12m'].months,
    d12: TERMS['12m'].discountPct,
    moveInDays: MOVE_IN_WINDOW_DAYS,
    noticeDays: CUSTOMER_NOTICE_DAYS,
    depositDays: DEPOSIT_REFUND_DAYS,
    rentNoticeDays: RENT_NOTICE_DAYS,
    vat: VAT_RATE_PCT,
    wht: WHT_RATE_PCT,
    ...officeHours,
  };
}
