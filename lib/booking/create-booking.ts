import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { toLocale, translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { effectiveMonthlyRate } from '@/lib/units/availability';
import { findActiveUnitType, unitTypeName } from '@/lib/units/listing';
import { createStripeClient } from '@/lib/payments/stripe/client';
import { openBookingCheckout } from '@/lib/payments/stripe/checkout';
import { readPendingProof, type PendingProof } from '@/lib/payments/proofs/proof-store';
import { completeDraftSchema, draftSchema, type BookingDraft, type CompleteDraft, type CreateBookingResult } from './draft';
import { priceDraft, type DraftChoices, type PricedDraft } from './price-draft';
import { validateSubmission } from './submit-validation';
import { signedAgreement, type SignedAgreement } from './signed-agreement';
import { reserveUnit, type Requester, type Reserved } from './reserve';
import { releaseReservation } from './holds';
import { isOnlineMethod, PAYMENT_FLOW, type OnlineMethod } from './payment-methods';
import { successPath } from './success';
import { formatDimensions } from '@/lib/format/measures';

export interface CreateBookingOptions {
  locale: string;
  now?: Date;
  /** undefined: from the environment; null: card/PromptPay checkout is not configured */
  stripe?: Stripe | null;
  /** absolute base for Stripe's return addresses; defaults to SITE_URL */
  siteUrl?: string;
  /** queue the confirmation email (cash, bank transfer, crypto); tests of other things can turn it off */
  sendEmails?: boolean;
  /** who is booking, as the server saw the request (the server action fills it; scripts and tests may leave it out) */
  requester?: Partial<Requester>;
}

const NO_REQUESTER: Requester = { deviceKey: null, clientKey: null, ip: null, userAgent: null, emailVerified: false };

type Failure = Extract<CreateBookingResult, { ok: false }>;

/**
 * Ends the submit with what the customer reads, before anything is written: a failed check, or an earlier submit's
 * answer. Thrown inside the reservation's transaction (which then writes nothing), answered by createBooking.
 */
class Answered extends Error {
  constructor(readonly result: CreateBookingResult) {
    super(result.ok ? 'answered' : result.error);
  }
}

/**
 * Books a unit from the wizard's draft: validate, price on the server (priceDraft), reserve one unit in one
 * transaction (reserveUnit), then open the Stripe checkout (card, PromptPay) or send the confirmation (the others).
 * The same idempotency key always answers with the same booking.
 */
export async function createBooking(db: Db, rawDraft: unknown, opts: CreateBookingOptions): Promise<CreateBookingResult> {
  const locale = toLocale(opts.locale);
  const now = opts.now ?? new Date();
  const te = translator(locale, 'bookingErrors');
  const parsed = draftSchema.safeParse(rawDraft);
  if (!parsed.success) return { ok: false, error: 'validation', message: te('failure.validation') };

  try {
    const requester = { ...NO_REQUESTER, ...opts.requester };
    // The submit's reads (an earlier answer, the live catalogue and promo, the proof, the agreement) open the
    // reservation's transaction: with the server action's rate limit, the request runs one transaction, not a
    // read-only one and then the reservation's (docs/performance.md, "Booking submits"). Its locks come last, after
    // every write (lib/booking/reserve.ts), so reading first holds nothing another submit waits for.
    const prepared: { order?: Order } = {};
    const outcome = await reserveUnit(db, async (tx) => {
      // The read functions take the app's `db`; inside the transaction they only read through its models.
      const reads = tx as unknown as Db;
      const earlier = await existingResult(reads, parsed.data.idempotencyKey, locale, requester);
      if (earlier) throw new Answered(earlier);
      const order = (prepared.order = await prepareOrder(reads, parsed.data, locale, now, opts));
      return { ...order, locale, now, requester, queueConfirmation: opts.sendEmails !== false && !isOnlineMethod(order.draft.paymentMethod) };
    });
    if (!outcome.ok) {
      if (outcome.reason === 'duplicate') {
        const existing = await existingResult(db, parsed.data.idempotencyKey, locale, requester);
        if (existing) return existing;
      }
      if (outcome.reason === 'sold_out') return { ok: false, error: 'sold_out', message: te('failure.soldOut') };
      if (outcome.reason === 'proof_used') {
        const message = translator(locale, 'security')('proofUsedElsewhere');
        return { ok: false, error: 'validation', message, missing: [message] };
      }
      if (outcome.reason === 'open_hold' || outcome.reason === 'daily_limit') {
        // docs/product-rules.md#holds: what one person may hold without paying
        return { ok: false, error: outcome.reason, message: translator(locale, 'holds')(`refused.${outcome.reason}`) };
      }
      const message = te('promo.not_valid');
      return { ok: false, error: 'validation', message, missing: [message] };
    }
    const order = prepared.order;
    if (!order) throw new Error('booking: reserved without an order');
    const reserved = outcome.reserved;
    const method = order.draft.paymentMethod;
    if (isOnlineMethod(method)) {
      if (!order.stripe || !reserved.sessionExpiresAt) throw new Error('booking: an online payment without its checkout');
      return await checkout(db, order, reserved, { method, stripe: order.stripe, expiresAt: reserved.sessionExpiresAt }, locale, now, opts);
    }

    // The confirmation and the staff alert are tasks committed with the booking (reserveUnit): the task worker sends
    // them after this answer, retrying a failure; the submit itself runs one transaction (issue 39).
    return { ok: true, bookingId: reserved.bookingId, reference: reserved.reference, redirectUrl: successPath(locale, { reference: reserved.reference, id: reserved.bookingId, method }) };
  } catch (error) {
    if (error instanceof Answered) return error.result;
    log.error({ err: error }, 'booking: create failed');
    return { ok: false, error: 'other', message: te('failure.other') };
  }
}

/**
 * What an earlier submit with the same idempotency key answered, to the device that made it only: the key travels in
 * the draft, and a replay from anywhere else must not learn the booking's id, reference or checkout
 * (docs/product-rules.md#holds, "Links that act as passwords"). Another device is told the booking exists, no more.
 */
async function existingResult(db: Db, idempotencyKey: string, locale: Locale, requester: Requester): Promise<CreateBookingResult | null> {
  const b = await db.booking.findUnique({
    where: { idempotencyKey },
    select: { id: true, reference: true, paymentMethod: true, status: true, deviceKey: true, payments: { select: { checkoutUrl: true, status: true } } },
  });
  if (!b) return null;
  if (b.deviceKey !== requester.deviceKey) return { ok: false, error: 'in_progress', message: translator(locale, 'security')('submittedElsewhere') };
  const checkoutUrl = b.payments.find((p) => p.checkoutUrl && p.status === 'pending_payment')?.checkoutUrl;
  const redirectUrl =
    isOnlineMethod(b.paymentMethod) && checkoutUrl && b.status === 'reserved' ? checkoutUrl : successPath(locale, { reference: b.reference, id: b.id, method: b.paymentMethod });
  return { ok: true, bookingId: b.id, reference: b.reference, redirectUrl };
}

interface Order {
  draft: CompleteDraft;
  priced: PricedDraft;
  proof: PendingProof | null;
  agreement: SignedAgreement;
  signedAt: Date;
  stripe: Stripe | null;
}

/** The draft's price-relevant choices, or null while one is missing (validateSubmission then says which). */
function choicesOf(d: BookingDraft): DraftChoices | null {
  if (!d.unitTypeCode || !d.term || d.insuranceMonthly == null || !d.customerType || !d.paymentMethod) return null;
  return { unitTypeCode: d.unitTypeCode, term: d.term, insuranceMonthly: d.insuranceMonthly, customerType: d.customerType, paymentMethod: d.paymentMethod, promoCode: d.promoCode, supplies: d.supplies };
}

/** Every check of a submit, in the order the customer hears about them; nothing is written here. */
async function prepareOrder(db: Db, raw: BookingDraft, locale: Locale, now: Date, opts: CreateBookingOptions): Promise<Order> {
  const te = translator(locale, 'bookingErrors');
  const fail = (result: Failure) => new Answered(result);

  const choices = choicesOf(raw);
  const priced = choices ? await priceDraft(db, choices, { now, locale }) : null;
  if (priced && !priced.ok && priced.error === 'invalid_promo') {
    // Every refusal alike, as the quote API and the wizard's check answer (lib/booking/promo.ts).
    const message = te(priced.reason === 'error' ? 'promo.error' : 'promo.not_valid');
    throw fail({ ok: false, error: 'validation', message, missing: [message] });
  }
  if (priced && !priced.ok && priced.error === 'supply_not_sold') throw fail({ ok: false, error: 'validation', message: te('failure.validation') });

  const unitMonthlyRate = priced && 'monthlyRate' in priced ? priced.monthlyRate : await liveMonthlyRate(db, raw.unitTypeCode, now);
  const problems = validateSubmission(raw, { unitMonthlyRate, totalDueToday: priced?.ok ? priced.quote.totalDueToday : null }, locale, now);
  if (problems.missing.length) {
    throw fail({ ok: false, error: 'missing_fields', missing: [...problems.missing, ...problems.invalid], message: te('missingTitle') });
  }
  if (problems.invalid.length) throw fail({ ok: false, error: 'validation', missing: problems.invalid, message: te('failure.validation') });
  if (priced?.ok === false && priced.error === 'unknown_unit') throw fail({ ok: false, error: 'unit_not_available', message: te('failure.unitNotAvailable') });
  const complete = completeDraftSchema.safeParse(raw);
  if (!priced?.ok || !complete.success) throw fail({ ok: false, error: 'validation', message: te('failure.validation') });
  const draft = complete.data;

  // Checked before anything is written: without Stripe no booking is left behind for card/PromptPay.
  let stripe: Stripe | null = null;
  if (isOnlineMethod(draft.paymentMethod)) {
    stripe = opts.stripe === undefined ? createStripeClient() : opts.stripe;
    if (!stripe) throw fail({ ok: false, error: 'card_unavailable', message: te('failure.cardUnavailable') });
  }

  let proof: PendingProof | null = null;
  if (draft.proofUploadId && PAYMENT_FLOW[draft.paymentMethod].acceptsProof) {
    proof = await readPendingProof(db, draft.proofUploadId);
    if (!proof) throw fail({ ok: false, error: 'validation', message: te('invalid.proof'), missing: [te('invalid.proof')] });
  }

  // The server's clock dates the signature, never the browser's (docs/product-rules.md#holds).
  const signedAt = now;
  const unitIn = (l: Locale) => ({ name: unitTypeName(priced.unitType, l), dimensions: formatDimensions(priced.unitType.dimensions, l), monthlyRate: priced.monthlyRate });
  const agreement = await signedAgreement(db, draft, unitIn, priced.quote, locale, signedAt);
  return { draft, priced, proof, agreement, signedAt, stripe };
}

/** The chosen unit type's rate for the submit checks when the draft is too incomplete to price. */
async function liveMonthlyRate(db: Db, code: string | null, now: Date): Promise<number | null> {
  const type = code ? await findActiveUnitType(db, code) : null;
  return type ? effectiveMonthlyRate(type, now) : null;
}

/** Card and PromptPay: Stripe's hosted checkout; if Stripe refuses, the reservation is released at once. */
async function checkout(
  db: Db,
  order: Order,
  reserved: Reserved,
  { method, stripe, expiresAt }: { method: OnlineMethod; stripe: Stripe; expiresAt: Date },
  locale: Locale,
  now: Date,
  opts: CreateBookingOptions,
): Promise<CreateBookingResult> {
  const base = (opts.siteUrl ?? env().SITE_URL).replace(/\/$/, '');
  const session = await openBookingCheckout(db, stripe, {
    method,
    bookingId: reserved.bookingId,
    reference: reserved.reference,
    paymentId: reserved.paymentId,
    customerEmail: order.draft.contact.email.trim(),
    locale,
    quote: order.priced.quote,
    supplies: order.priced.supplies,
    returnUrl: `${base}${successPath(locale, { reference: reserved.reference, id: reserved.bookingId, method })}`,
    expiresAt,
  });
  if (session) return { ok: true, bookingId: reserved.bookingId, reference: reserved.reference, redirectUrl: session.url };
  await db
    .$transaction((tx) => releaseReservation(tx, reserved.bookingId, now, 'cancelled'))
    .catch((err) => log.error({ err, bookingId: reserved.bookingId }, 'booking: release after checkout failure failed'));
  return { ok: false, error: 'payment', message: translator(locale, 'bookingErrors')('failure.payment') };
}
