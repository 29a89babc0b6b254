import 'server-only';
import { db, type Db } from '@/lib/db';
import { localizedPath, type Locale } from '@/lib/i18n/routing';
import { unitTypeName } from '@/lib/units/listing';
import { visibleUnitNumber } from './unit-number';
import { termFromDb } from './terms';
import { awaitsHoldConfirmation } from './hold-confirmation';
import { onReserve, paidWithoutUnit } from './no-unit';
import { signLink, verifyLink } from '@/lib/platform/link-signing';
import { getSettings } from '@/lib/settings';

/**
 * The success page's address is a credential like every link to a booking (docs/product-rules.md#holds, "Links that
 * act as passwords"): it carries a token signed for this booking's success page, which opens for the usual link
 * lifetime (90 days) and not at all once staff revoke the booking's links. Reference and id alone open nothing.
 */
const successLinkName = (reference: string) => `booking-success:${reference}`;

export function successToken(reference: string, now?: Date): string {
  return signLink(successLinkName(reference), now);
}

/** Where a booking's success page is, with the query the page reads (bookingReference, bookingId, paymentMethod, token). */
export function successPath(locale: Locale, b: { reference: string; id: string; method: string }, now?: Date): string {
  const q = new URLSearchParams({ bookingReference: b.reference, bookingId: b.id, paymentMethod: b.method, token: successToken(b.reference, now) });
  return `${localizedPath(locale, '/booking-v2-success')}?${q}`;
}

/**
 * What the success page shows; looked up by id AND reference, and only with the page's signed, unrevoked token, so
 * neither a guessed id nor an old or revoked address reveals anything.
 */
export async function getBookingForSuccessPage(db: Db, bookingId: string, reference: string, locale: Locale, token: string | null | undefined, now: Date = new Date()) {
  if (!/^[a-z0-9]{10,40}$/i.test(bookingId) || !/^BF2-[0-9A-Z]{8}$/.test(reference)) return null;
  if (!verifyLink(successLinkName(reference), token, { now })) return null;
  const b = await db.booking.findFirst({
    where: { id: bookingId, reference },
    include: { unitType: { select: { name: true, code: true } }, unit: { select: { number: true } }, customer: { select: { email: true } }, snapshot: { select: { emailStatus: true } }, proofs: { select: { id: true } } },
  });
  if (!b || !verifyLink(successLinkName(reference), token, { now, revokedAt: b.linksRevokedAt })) return null;
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    paymentMethod: b.paymentMethod,
    paymentStatus: b.paymentStatus,
    unitTypeName: unitTypeName(b.unitType, locale),
    unitNumber: visibleUnitNumber(b.status, b.unit?.number),
    startDate: b.startDate.toISOString().slice(0, 10),
    term: termFromDb(b.term),
    totalDueToday: b.totalDueToday,
    holdExpiresAt: b.holdExpiresAt,
    /** the unpaid hold still waits for the emailed confirmation (docs/product-rules.md#holds) */
    awaitsConfirmation: awaitsHoldConfirmation(b),
    email: b.customer.email,
    emailSent: b.snapshot?.emailStatus === 'sent',
    hasProof: b.proofs.length > 0,
    /** paid when no unit of the type was left: not confirmed, the money goes back or staff decide (docs/product-rules.md#inventory) */
    noUnit: paidWithoutUnit(b),
    /** accepted on the reserve: no unit held yet, one taken by the payment if still free (docs/product-rules.md#inventory) */
    onReserve: onReserve(b),
  };
}

/**
 * What the booking-success page shows, read once: the booking (null when the link does not open it), the id of its
 * first invoice and the contact settings.
 */
export async function bookingSuccessView(bookingId: string, reference: string, locale: Locale, token: string | null | undefined) {
  const [booking, { contact, hours }] = await Promise.all([getBookingForSuccessPage(db, bookingId, reference, locale, token), getSettings(db, ['contact', 'hours'])]);
  const invoice = booking ? await db.invoice.findFirst({ where: { bookingId: booking.id, kind: 'initial' }, select: { id: true } }) : null;
  return { booking, initialInvoiceId: invoice?.id ?? null, contact, hours };
}

/**
 * What the wizard's success page (/booking-v2-success) shows: the booking, the bank details and the office's hours;
 * null when the link does not open it.
 */
export async function bookingV2SuccessView(bookingId: string, reference: string, locale: Locale, token: string | null | undefined) {
  const booking = await getBookingForSuccessPage(db, bookingId, reference, locale, token);
  return booking ? { booking, ...(await getSettings(db, ['bank', 'hours'])) } : null;
}
