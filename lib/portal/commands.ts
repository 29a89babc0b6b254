import 'server-only';
import { db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import type { ConditionStage, IdentityDocumentKind } from '@/generated/prisma/enums';
import { confirmHold } from '@/lib/booking/hold-confirmation';
import { addConditionPhoto } from '@/lib/condition/photos';
import { uploadIdentityDocuments } from '@/lib/identity/documents';
import { createPrepayInvoice, type PrepayTerm } from '@/lib/billing/prepay';
import { startCardReplacement } from '@/lib/payments/stripe/card-replacement';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { portalBookingId } from './access';
import { givePortalNotice, updatePortalContact, uploadPortalProof, type ContactChange } from './booking-changes';
import { consumeSignInLink, requestSignInLink, type SignInLinkOptions } from './sign-in-link';

/**
 * What a customer does in the portal (app/[locale]/my-booking's actions), on the app's database. The changes to a
 * booking take the id `portalBookingIdFor` answered for the request (its signed link or 'My Storage' session): the
 * action asks first, so a request that may not see the booking learns nothing else.
 */

/** The booking a portal request may change, or null (lib/portal/access.ts). */
export function portalBookingIdFor(reference: string, token: string | undefined): Promise<string | null> {
  return portalBookingId(db, reference, token);
}

/** 'My Storage': a one-time sign-in link for an address (lib/portal/sign-in-link.ts). */
export function askForSignInLink(email: string, locale: string, address: string, opts: SignInLinkOptions = {}) {
  return requestSignInLink(db, email, locale, address, opts);
}

/** The emailed sign-in link used: its address, or null when it is unknown, used or expired. */
export function redeemSignInLink(token: string): Promise<string | null> {
  return consumeSignInLink(db, token);
}

/** The "Confirm my reservation" button of an unpaid hold (docs/product-rules.md#holds). */
export function confirmHoldOf(reference: string) {
  return confirmHold(db, reference);
}

export function sendPortalProof(bookingId: string, bytes: Uint8Array, fileName: string) {
  return uploadPortalProof(db, bookingId, bytes, fileName);
}

export function changePortalContact(bookingId: string, change: ContactChange) {
  return updatePortalContact(db, bookingId, change);
}

export function givePortalNoticeFor(bookingId: string) {
  return givePortalNotice(db, bookingId);
}

/** Identity before access (docs/product-rules.md#identity-and-gate-access): the document, and a selfie if given. */
export function sendIdentityDocuments(bookingId: string, input: { kind: IdentityDocumentKind; document: { bytes: Uint8Array; name: string }; selfie: { bytes: Uint8Array; name: string } | null }) {
  return uploadIdentityDocuments(db, bookingId, input);
}

/** A condition photo from the customer (docs/product-rules.md#condition-photos). */
export function addCustomerConditionPhoto(bookingId: string, input: { stage: ConditionStage; bytes: Uint8Array; note: string }) {
  return addConditionPhoto(db, bookingId, input, { customer: true });
}

/** The prepayment invoice (docs/product-rules.md#prices-over-time-prepayment-and-card-retries), priced by lib/pricing. */
export function prepayFromPortal(bookingId: string, term: PrepayTerm) {
  return createPrepayInvoice(db, bookingId, term);
}

/** Stripe Checkout in setup mode to replace the saved card; back at `returnUrl` once it is saved. */
export function replaceCardFromPortal(req: { bookingId: string; locale: Locale; returnUrl: string }) {
  return startCardReplacement(db, createStripeClient(), req);
}
