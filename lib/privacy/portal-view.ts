import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { portalBookingId } from '@/lib/portal/access';
import { announceNoticeChange } from './notice-seen';
import { portalRequestsFor, requestFromPortal, type PortalRequestKind } from './portal-requests';

/**
 * The portal's reads and writes for personal-data requests and the notice banner, on the app's database, so the
 * pages and actions under app/ hold no query (app/no-database.test.ts).
 */
export async function portalPrivacyView(bookingId: string) {
  const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { reference: true, customer: { select: { email: true } } } });
  return { reference: b.reference, requests: await portalRequestsFor(db, b.customer.email) };
}

/** The request for the email of the rental a portal link opens; null when the link does not open it. */
export async function requestFromPortalLink(input: { reference: string; token?: string; kind: PortalRequestKind; details?: string }) {
  const id = await portalBookingId(db, input.reference, input.token);
  if (!id) return null;
  const b = await db.booking.findUniqueOrThrow({ where: { id }, select: { customer: { select: { email: true } } } });
  return requestFromPortal(db, { email: b.customer.email, kind: input.kind, details: input.details });
}

export const noticeChangeFor = (email: string, locale: Locale) => announceNoticeChange(db, email, locale);
