// What the copy tests count as a figure the code decides (lib/i18n/decided-figures.tz.test.ts, lib/legal/legal-figures.tz.test.ts).
import { CHECKOUT_HOLD_GRACE_MS, CHECKOUT_SESSION_MS, OFFLINE_HOLD_MS, WAITING_FOR_STAFF_REALERT_MS } from '@/lib/holds/rules';
import { OFFER_HOLD_MS } from '@/lib/waiting-list/offer-hold';
import { DEFAULT_DAY, GRACE_DAYS, INVOICE_LEAD_DAYS, OVERLOCK_DAY } from '@/lib/billing/calendar';
import { RENT_NOTICE_DAYS } from '@/lib/billing/rent-changes';
import { OVERLOCK_AFTER_DAYS } from '@/lib/admin/dashboard';
import { CONVERSION_WINDOW_DAYS } from '@/lib/catalog/demand';
import { PROMOTION_DAYS } from '@/lib/catalog/apply-rate-suggestion';
import { MOVE_IN_WINDOW_DAYS } from '@/lib/dates/bangkok';
import { CUSTOMER_NOTICE_DAYS } from '@/lib/portal/notice';
import { SIGN_IN_LINK_MINUTES } from '@/lib/portal/sign-in-link';
import { LINK_CODE_MINUTES } from '@/lib/line/link';
import { IDENTITY_RETENTION_DAYS, MAX_IDENTITY_BYTES } from '@/lib/identity/documents';
import { MAX_PHOTO_BYTES } from '@/lib/condition/photos';
import { MAX_PROOF_BYTES } from '@/lib/payments/proofs/proof-store';
import { SETUP_FEE } from '@/lib/pricing/catalog';
import { LATE_FEE_PCT, OVERLOCK_FEE } from '@/lib/pricing/renewal';
import { FIRST_MONTH_OFF_PCT, MAX_TERM_DISCOUNT_PCT, TERMS, VAT_RATE_PCT, WHT_RATE_PCT } from '@/lib/pricing/catalog';
import { REFUND_ARRIVAL_DAYS } from '@/lib/booking/no-unit';
import { DEPOSIT_REFUND_DAYS } from '@/lib/billing/calendar';
import { PHOTO_MAX_SIDE } from '@/lib/condition/photos';
import { PACKING_FACTOR } from '@/lib/space-calculator/recommend';
import { AGREEMENT_FEES } from '@/lib/pricing/fees';
import { PRIVACY_REQUEST_DAYS } from '@/lib/retention/privacy-requests';

/**
 * A duration, size, rate or amount the code decides (hold hours, upload size, grace days, fees, VAT and discounts) reaches the copy as a
 * placeholder filled from the same constant, never written into a message: a message that states one fails here
 * (docs/product-rules.md#figures-the-code-decides). Written in any language, with the unit words of en, th and ru.
 */
const HOUR = 3_600_000;
const MINUTE = 60_000;
const MB = 1024 * 1024;
export const DECIDED: { unit: string; words: RegExp; values: number[] }[] = [
  {
    unit: 'hours',
    words: /^\s*(?:-|\s)?(?:hours?\b|hrs?\b|h\b|ชั่วโมง|ชม\.|час)/i,
    values: [OFFLINE_HOLD_MS, WAITING_FOR_STAFF_REALERT_MS, OFFER_HOLD_MS].map((ms) => ms / HOUR),
  },
  {
    unit: 'minutes',
    words: /^\s*(?:-|\s)?(?:minutes?\b|mins?\b|นาที|мин)/i,
    values: [(CHECKOUT_SESSION_MS + CHECKOUT_HOLD_GRACE_MS) / MINUTE, CHECKOUT_SESSION_MS / MINUTE, CHECKOUT_HOLD_GRACE_MS / MINUTE, SIGN_IN_LINK_MINUTES, LINK_CODE_MINUTES],
  },
  {
    unit: 'days',
    words: /^\s*(?:-|\s)?(?:days?\b|วัน|дн|день)/i,
    values: [GRACE_DAYS, OVERLOCK_DAY, OVERLOCK_AFTER_DAYS, PROMOTION_DAYS, CONVERSION_WINDOW_DAYS, DEFAULT_DAY, MOVE_IN_WINDOW_DAYS, CUSTOMER_NOTICE_DAYS, RENT_NOTICE_DAYS, IDENTITY_RETENTION_DAYS, INVOICE_LEAD_DAYS, REFUND_ARRIVAL_DAYS, DEPOSIT_REFUND_DAYS, PRIVACY_REQUEST_DAYS],
  },
  { unit: 'MB', words: /^\s*(?:MB|МБ|Мб|เมกะไบต์)/, values: [MAX_PROOF_BYTES, MAX_IDENTITY_BYTES, MAX_PHOTO_BYTES].map((b) => b / MB) },
  {
    unit: 'percent',
    words: /^\s?%/,
    values: [VAT_RATE_PCT, WHT_RATE_PCT, FIRST_MONTH_OFF_PCT, LATE_FEE_PCT, MAX_TERM_DISCOUNT_PCT, ...Object.values(TERMS).map((t) => t.discountPct).filter(Boolean), Math.round((PACKING_FACTOR - 1) * 100)],
  },
  { unit: 'pixels', words: /^\s*(?:px\b|pixels?\b|พิกเซล|пиксел)/i, values: [PHOTO_MAX_SIDE] },
  { unit: 'baht', words: /^\s*(?:THB|baht|บาท|бат)/i, values: [SETUP_FEE, OVERLOCK_FEE, ...Object.values(AGREEMENT_FEES)].map((s) => s / 100) },
];

/** The figures a text states outside its placeholders: '10 MB', '48 hours', '฿350', '350 THB'. */
export function statedFigures(text: string): { unit: string; value: number; said: string }[] {
  // Placeholders (and ICU plural bodies, whose # is the placeholder) are not stated figures.
  let plain = text;
  for (let i = 0; i < 3; i++) plain = plain.replace(/\{[^{}]*\}/g, ' ');
  const found: { unit: string; value: number; said: string }[] = [];
  for (const m of plain.matchAll(/(?<![\d.,–-])(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]*[–-]\d)/g)) {
    const value = Number(m[1].replace(/,/g, ''));
    const after = plain.slice(m.index! + m[0].length);
    const before = plain.slice(Math.max(0, m.index! - 2), m.index!);
    // "24 hours" after "all day"/"open" words is the clock (access 24 hours a day), not a duration the code decides.
    if (value === 24 && /(ตลอด|ได้|круглосуточно)\s*$/.test(plain.slice(Math.max(0, m.index! - 12), m.index!))) continue;
    for (const d of DECIDED) {
      const unitAfter = d.words.test(after);
      const bahtBefore = d.unit === 'baht' && /฿\s?$/.test(before);
      if ((unitAfter || bahtBefore) && d.values.includes(value)) found.push({ unit: d.unit, value, said: `${bahtBefore ? '฿' : ''}${m[1]}${unitAfter ? after.slice(0, 8) : ''}` });
    }
  }
  return found;
}

