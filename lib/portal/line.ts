import 'server-only';
import { db } from '@/lib/db';
import { lineConfigFromEnv } from '@/lib/line/client';
import { linkCodeFor, unlinkLine } from '@/lib/line/link';
import { portalBookingId } from './access';

// "Link LINE" and "Unlink LINE" in the portal (docs/product-rules.md#line-messages): for the email of the rental shown.

/** The email of the rental the visitor may open, or null (no access, or LINE not configured). */
async function rentalEmail(reference: string, token: string | undefined): Promise<string | null> {
  const id = lineConfigFromEnv() ? await portalBookingId(db, reference, token) : null;
  if (!id) return null;
  const b = await db.booking.findUniqueOrThrow({ where: { id }, select: { customer: { select: { email: true } } } });
  return b.customer.email;
}

/** A one-time code to send to the Official Account, or null when the visitor may not open the rental. */
export async function portalLinkLine(reference: string, token: string | undefined, locale: string) {
  const email = await rentalEmail(reference, token);
  return email ? linkCodeFor(db, email, locale) : null;
}

/** Unlinks LINE from the rental's email; false when the visitor may not open the rental. */
export async function portalUnlinkLine(reference: string, token: string | undefined): Promise<boolean> {
  const email = await rentalEmail(reference, token);
  if (!email) return false;
  await unlinkLine(db, email);
  return true;
}
