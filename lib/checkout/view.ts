import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { readOffer } from '@/lib/billing/waiting-list-offers';
import { getRentalAgreement } from '@/lib/legal/documents';
import { FREE_UNIT } from '@/lib/units/free';

/**
 * What the one-page checkout needs for a unit type, read once: the type (null for an unknown or inactive code), a
 * waiting-list offer when the link carries a valid one, whether it can be booked (a free unit, or the offer's unit of
 * this type), and the rental agreement to sign when it can.
 */
export async function checkoutView(code: string, offer: { id: string; token: string } | null, locale: Locale, now = new Date()) {
  const unitType = /^[a-z0-9_-]{1,20}$/.test(code) ? await db.unitType.findFirst({ where: { code, isActive: true } }) : null;
  const offered = offer ? await readOffer(db, offer.id, offer.token, now) : null;
  const available = unitType ? await db.unit.count({ where: { unitTypeId: unitType.id, ...FREE_UNIT } }) : 0;
  const bookable = Boolean(unitType) && (available > 0 || (offered !== null && offered.unit.unitTypeId === unitType!.id));
  return { unitType, offer: offered, bookable, agreement: bookable ? await getRentalAgreement(db, locale) : null };
}
