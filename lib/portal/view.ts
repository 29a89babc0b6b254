import 'server-only';
import { db, type Db } from '@/lib/db';
import { addDaysISO, todayInBangkok } from '@/lib/dates/bangkok';
import { arrearsBlockingAccess, rentalState } from '@/lib/payments/ledger/arrears';
import { addMonthsISO } from '@/lib/billing/calendar';
import { prepayOptions } from '@/lib/billing/prepay';
import { invoiceBalance } from '@/lib/invoices/balance';
import { TERMS } from '@/lib/pricing/catalog';
import { termFromDb } from '@/lib/booking/terms';
import { viewGatePin } from '@/lib/gate/pin';
import { canAddPhotos } from '@/lib/condition/photos';
import { canUploadIdentity, documentKindsFor } from '@/lib/identity/documents';
import { lineConfigFromEnv } from '@/lib/line/client';
import { canGiveNotice, canUploadProof } from './booking-changes';
import { noticeOutcome } from './notice';
import { portalGate } from './gate';
import { listCustomerBookings, portalBookingId } from './access';
import { verifyHoldConfirmationToken } from '@/lib/booking/hold-confirmation';

/** A payment the customer sent that staff have still to check: a slip, or coins marked sent. */
const SENT_FOR_CHECK: readonly string[] = ['proof_uploaded', 'crypto_payment_sent'];

/**
 * One booking as its customer sees it in the portal, read once: the booking, its rental state and arrears, the gate,
 * the identity check, invoices with what each still asks for, and which forms the page offers. The page and its
 * sections (components/portal) render it and decide nothing.
 */
export async function portalBookingView(db: Db, id: string, now = new Date()) {
  const b = await db.booking.findUniqueOrThrow({
    where: { id },
    include: {
      customer: true,
      unitType: { select: { name: true, code: true } },
      heldUnit: { select: { number: true } },
      identityDocuments: { orderBy: { uploadedAt: 'asc' }, select: { id: true, kind: true, status: true, note: true, uploadedAt: true } },
      conditionPhotos: { orderBy: { createdAt: 'asc' } },
      refunds: { where: { status: { not: 'failed' } }, select: { id: true, amountSatang: true, reason: true, photoIds: true } },
      invoices: { orderBy: { issuedAt: 'asc' }, include: { payments: { select: { status: true, amountSatang: true, refundedSatang: true } }, creditNotes: { select: { amountSatang: true } } } },
      payments: { orderBy: { createdAt: 'asc' } },
      proofs: { orderBy: { uploadedAt: 'asc' }, select: { id: true, fileName: true, status: true, uploadedAt: true, note: true } },
    },
  });
  const today = todayInBangkok(now);
  // What restores access includes every invoice that blocks it, the late fee too (docs/product-rules.md#the-rentals-state-and-what-restores-access).
  const overdue = arrearsBlockingAccess(b.invoices, today);
  const gate = portalGate(b);
  // The gate PIN (docs/product-rules.md#identity-and-gate-access): only on this rental's own page, hidden while access
  // is suspended; each showing is an audit row ("viewed"), so the page renders on every request.
  const pin = gate.kind === 'shown' ? await viewGatePin(db, b.id, { customer: true }) : null;
  const [rent, line] = await Promise.all([portalRentView(db, b.id, now), portalLineView(db, b.id, now)]);
  const mainDocs = b.identityDocuments.filter((d) => d.kind !== 'selfie');
  const lastDocument = mainDocs.at(-1) ?? null;
  return {
    booking: b,
    state: rentalState(b, today),
    suspended: b.delinquency !== 'current',
    overdueSince: overdue.invoices[0]?.dueAt ?? null,
    overdueSatang: overdue.dueSatang,
    gate,
    pin,
    confirmed: b.status === 'confirmed' || b.status === 'active',
    termMonths: TERMS[termFromDb(b.term)].months,
    identity: {
      show: canUploadIdentity(b) || b.identityDocuments.length > 0,
      lastDocument,
      canUpload: canUploadIdentity(b) && lastDocument?.status !== 'pending',
      kinds: documentKindsFor(b.customer.type),
    },
    invoices: b.invoices.map((i) => {
      const balance = invoiceBalance(i);
      return {
        id: i.id,
        number: i.number,
        status: i.status,
        totalSatang: i.totalSatang,
        dueAt: i.dueAt,
        open: i.status === 'open',
        /** part paid: the page says what is still due */
        stillDueSatang: i.status === 'open' && balance.paidSatang > 0 ? balance.dueSatang : null,
        /** a slip or coins sent and waiting for staff: no second "pay" beside it (docs/product-rules.md#buttons-say-what-happens) */
        beingChecked: i.status === 'open' && i.payments.some((p) => SENT_FOR_CHECK.includes(p.status)),
      };
    }),
    paidPayments: b.payments.some((p) => p.status === 'paid') ? b.payments.filter((p) => p.status === 'paid' || p.status === 'refunded') : [],
    photos: {
      show: canAddPhotos(b.status, 'customer') || b.conditionPhotos.length > 0,
      canAdd: canAddPhotos(b.status, 'customer'),
      refundsWithPhotos: b.refunds.filter((r) => r.photoIds.length).map((r) => ({ ...r, labels: r.photoIds.map((pid) => `#${b.conditionPhotos.findIndex((p) => p.id === pid) + 1}`) })),
    },
    proof: { show: canUploadProof(b) || b.proofs.length > 0, canUpload: canUploadProof(b) },
    rent,
    line,
    notice: canGiveNotice(b) ? noticeOutcome(b.startDate.toISOString().slice(0, 10), Math.max(b.months, b.paidThroughMonths ?? 0), today) : null,
  };
}

export type PortalBookingView = Awaited<ReturnType<typeof portalBookingView>>;

/**
 * The rental's money over time (docs/product-rules.md#prices-over-time-prepayment-and-card-retries): its rate and any
 * announced change, months paid ahead, the prepayment offers and whether a card is saved. Null before confirmation.
 */
export async function portalRentView(db: Db, bookingId: string, now = new Date()) {
  const b = await db.booking.findUniqueOrThrow({
    where: { id: bookingId },
    include: { customer: { select: { stripeCustomerId: true } }, rentChanges: { where: { appliedAt: null, cancelledAt: null }, orderBy: { effectiveFrom: 'asc' } } },
  });
  if (b.status !== 'confirmed' && b.status !== 'active') return null;
  const { options, openInvoice } = await prepayOptions(db, bookingId, now);
  const prepaidUntil = b.paidThroughMonths && b.paidThroughMonths > b.months ? addDaysISO(addMonthsISO(b.startDate.toISOString().slice(0, 10), b.paidThroughMonths), -1) : null;
  const change = b.rentChanges[0];
  return {
    reference: b.reference,
    rentRate: b.rentRate,
    change: change ? { effectiveFrom: change.effectiveFrom.toISOString().slice(0, 10), newRate: change.newRate } : null,
    prepaidUntil,
    openInvoice,
    options,
    hasSavedCard: Boolean(b.customer.stripeCustomerId),
  };
}

/** LINE in the portal (docs/product-rules.md#line-messages): linked or not, and a code still valid; null when LINE is off. */
export async function portalLineView(db: Db, bookingId: string, now = new Date()) {
  if (!lineConfigFromEnv()) return null;
  const b = await db.booking.findUniqueOrThrow({ where: { id: bookingId }, select: { reference: true, customer: { select: { email: true } } } });
  const email = b.customer.email.toLowerCase();
  const [link, code] = await Promise.all([
    db.lineLink.findUnique({ where: { email }, select: { id: true } }),
    db.lineLinkCode.findFirst({ where: { email, expiresAt: { gt: now } }, orderBy: { createdAt: 'desc' }, select: { code: true } }),
  ]);
  return { reference: b.reference, linked: Boolean(link), code: code?.code ?? null };
}

/**
 * The portal page's entry: the booking the visitor may open (signed link or 'My Storage' session), as its view model;
 * null (a 404 that says nothing) otherwise.
 */
export async function portalBooking(reference: string, token: string | undefined) {
  const id = await portalBookingId(db, reference, token);
  return id ? portalBookingView(db, id) : null;
}

/** The signed agreement of a booking the visitor may open (see `portalBooking`), or null. */
export async function portalAgreement(reference: string, token: string | undefined) {
  const id = await portalBookingId(db, reference, token);
  if (!id) return null;
  return db.booking.findUniqueOrThrow({ where: { id }, select: { reference: true, agreementText: true, agreementSignature: true, agreementSignedAt: true } });
}

/**
 * The booking behind a hold-confirmation link (docs/product-rules.md#holds), or null when the link is not valid for
 * it or the booking does not exist: the page answers both with the same 404.
 */
export async function holdToConfirm(reference: string, token: string) {
  if (!/^BF2-[0-9A-Z]{8}$/.test(reference) || !verifyHoldConfirmationToken(reference, token)) return null;
  return db.booking.findUnique({ where: { reference }, include: { unitType: { select: { code: true, name: true } } } });
}

/** 'My Storage': every booking of the signed-in customer, newest first (lib/portal/access.ts). */
export function myStorageBookings(email: string) {
  return listCustomerBookings(db, email);
}
