import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { localizedHref } from '@/lib/i18n/href';
import { translator } from '@/lib/i18n/translator';
import { formatTHB } from '@/lib/format/money';
import { getSettings, instagramUrl, lineUrl, localizedAddress, messengerUrl, whatsappUrl, type HoursSettings } from '@/lib/settings';
import { officeHoursIn } from '@/lib/settings/office-hours';
import { listUnitTypes, type UnitTypeListing } from '@/lib/units/listing';
import { FIRST_MONTH_OFF_PCT, TERMS, TERM_CODES } from '@/lib/pricing';
import { firstMonthPrice } from '@/lib/units/first-month-price';
import { FAQ_IDS, faqValues, type FaqId } from '@/lib/faq/items';

/**
 * The public facts the assistant may use, read from the same code as the pages that show them: the unit listing
 * (live prices and availability), the FAQ page's texts, and the public contact details and hours. Nothing else of
 * the settings (bank account, wallets, rates) and no customer or staff data is ever read here.
 */

export interface UnitFact {
  code: string;
  name: string;
  category: UnitTypeListing['category'];
  dimensions: string;
  areaSqm: number | null;
  volumeCbm: number | null;
  /** satang per month, what a booking starting now pays */
  monthlyRate: number;
  monthlyPriceText: string;
  availableCount: number;
  soldOut: boolean;
  firstMonthOffer: { percentOff: number; firstMonthPriceText: string } | null;
  promotion: string | null;
  bookingUrl: string;
}

export function bookingUrl(locale: Locale, unit: string): string {
  return localizedHref(locale, { pathname: '/booking-v2', query: { unit } });
}

export async function unitFacts(db: Db, locale: Locale, now: Date): Promise<UnitFact[]> {
  const listing = await listUnitTypes(db, locale, now);
  return listing.map((u) => {
    const first = firstMonthPrice(u);
    return {
      code: u.code,
      name: u.name,
      category: u.category,
      dimensions: u.dimensions,
      areaSqm: u.areaSqm,
      volumeCbm: u.volumeCbm,
      monthlyRate: u.monthlyRate,
      monthlyPriceText: formatTHB(u.monthlyRate, locale),
      availableCount: u.availableCount,
      soldOut: u.availableCount <= 0,
      firstMonthOffer: first === null ? null : { percentOff: FIRST_MONTH_OFF_PCT, firstMonthPriceText: formatTHB(first, locale) },
      promotion: u.banner,
      bookingUrl: bookingUrl(locale, u.code),
    };
  });
}

export const TERM_FACTS = TERM_CODES.map((code) => ({ code, months: TERMS[code].months, discountPct: TERMS[code].discountPct }));

export interface FaqFact {
  id: FaqId;
  question: string;
  answer: string;
}

/** The FAQ's questions and answers as the page words them, with the office's hours as staff set them. */
export function faqFacts(locale: Locale, hours: HoursSettings): FaqFact[] {
  const t = translator(locale, 'faq');
  const values = faqValues(locale, officeHoursIn(locale, hours));
  return FAQ_IDS.map((id) => ({ id, question: t(`items.${id}.q`), answer: t(`items.${id}.a`, values) }));
}

const DAY_NAMES = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;

export interface FacilityFacts {
  name: string;
  address: string;
  mapUrl: string;
  phone: string;
  email: string;
  officeDays: string[];
  officeOpens: string;
  officeCloses: string;
  gateAccess: string;
  channels: { whatsapp: string; line: string; messenger: string; instagram: string };
  lineId: string;
}

/** Public contact details and hours only (the same the header and footer show). */
export async function facilityFacts(db: Db, locale: Locale, whatsappGreeting?: string): Promise<FacilityFacts> {
  const { contact, hours } = await getSettings(db, ['contact', 'hours']);
  return {
    name: 'Phuket Self Storage',
    address: localizedAddress(contact, locale),
    mapUrl: contact.mapUrl,
    phone: contact.phone,
    email: contact.email,
    officeDays: hours.officeDays.map((d) => DAY_NAMES[d]),
    officeOpens: hours.opens,
    officeCloses: hours.closes,
    // A fact of the place, not a setting (docs/product-rules.md, "Office hours").
    gateAccess: '24/7 with a personal PIN code',
    channels: {
      whatsapp: whatsappUrl(contact, whatsappGreeting),
      line: lineUrl(contact),
      messenger: messengerUrl(contact),
      instagram: instagramUrl(contact),
    },
    lineId: contact.line,
  };
}
