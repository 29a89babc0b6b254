import 'server-only';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import { computeQuote, PricingError, type PaymentMethod, type Quote, type SupplyId, type TermCode } from '@/lib/pricing';
import { effectiveMonthlyRate } from '@/lib/units/availability';
import { pickLocalized } from '@/lib/i18n/localized';
import { localizedPath } from '@/lib/i18n/routing';
import { getRentalAgreement } from '@/lib/legal/documents';
import { fillAgreementVariables, sanitizeLegalHtml } from '@/lib/legal/sanitize';
import { formatTHB } from '@/lib/format/money';
import { formatLongDate } from '@/lib/dates/bangkok';
import { createCheckoutSession, createStripeClient, type CheckoutLine } from '@/lib/payments/stripe';
import { readPendingProof, type PendingProof } from '@/lib/payments/proof-store';
import { sendBookingConfirmation } from '@/lib/email/booking-confirmation';
import { draftSchema, type BookingDraft, type CreateBookingResult } from './draft';
import { checkPromoCode, promoForPricing } from './promo';
import { loadSupplyItems } from './supplies';
import { validateSubmission } from './submit-validation';
import { asLocale, bookingErrorsT, emailsT } from './translator';
import { generateBookingReference } from './reference';
import { buildConfirmationSummary, hashSummary } from './snapshot';
import { CHECKOUT_HOLD_GRACE_MS, CHECKOUT_SESSION_MS, OFFLINE_HOLD_MS, releaseReservation } from './holds';
import { invoiceLinesFor } from './invoice-lines';
import { issueInvoice } from '@/lib/invoices/issue';
import { env } from '@/lib/env';

type Tx = Prisma.TransactionClient;
type DbTerm = 'm2m' | 'm3' | 'm6' | 'm12';
const DB_TERM: Record<TermCode, DbTerm> = { m2m: 'm2m', '3m': 'm3', '6m': 'm6', '12m': 'm12' };

export interface CreateBookingOptions {
  locale: string;
  now?: Date;
  /** undefined: from the environment; null: card/PromptPay checkout is not configured */
  stripe?: Stripe | null;
  /** absolute base for Stripe's return addresses; defaults to SITE_URL */
  siteUrl?: string;
  /** send the confirmation email right away (cash, bank transfer, crypto); tests of other things can turn it off */
  sendEmails?: boolean;
  /**
   * Runs the confirmation email after the answer (the server action passes Next's `after`), so rendering and
   * delivery never slow the submit; without it the email is sent before answering.
   */
  defer?: (task: () => Promise<unknown>) => void;
}

export function successPath(locale: string, b: { reference: string; id: string; method: string }): string {
  const q = new URLSearchParams({ bookingReference: b.reference, bookingId: b.id, paymentMethod: b.method });
  return `${localizedPath(asLocale(locale), '/booking-v2-success')}?${q}`;
}

class BookingFailure extends Error {
  constructor(readonly result: Extract<CreateBookingResult, { ok: false }>) {
    super(result.error);
  }
}

const isUniqueViolation = (e: unknown, field: string) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2002' && JSON.stringify((e as { meta?: unknown }).meta ?? '').includes(field);

function initialPaymentStatus(method: PaymentMethod, hasProof: boolean) {
  switch (method) {
    case 'card':
    case 'promptpay':
      return 'pending_payment' as const;
    case 'bank_transfer':
      return hasProof ? ('proof_uploaded' as const) : ('pending_bank_transfer' as const);
    case 'crypto':
      return hasProof ? ('proof_uploaded' as const) : ('crypto_payment_sent' as const);
    case 'cash':
      return 'pending_arrival' as const;
  }
}

/** What an earlier submit with the same idempotency key answered. */
async function existingResult(db: Db | Tx, idempotencyKey: string, locale: string): Promise<CreateBookingResult | null> {
  const b = await db.booking.findUnique({
    where: { idempotencyKey },
    select: { id: true, reference: true, paymentMethod: true, status: true, payments: { select: { checkoutUrl: true, status: true } } },
  });
  if (!b) return null;
  const checkout = b.payments.find((p) => p.checkoutUrl && p.status === 'pending_payment')?.checkoutUrl;
  const redirectUrl =
    (b.paymentMethod === 'card' || b.paymentMethod === 'promptpay') && checkout && b.status === 'reserved'
      ? checkout
      : successPath(locale, { reference: b.reference, id: b.id, method: b.paymentMethod });
  return { ok: true, bookingId: b.id, reference: b.reference, redirectUrl };
}

/**
 * Validates the whole draft, recomputes the quote on the server and books one specific unit in one transaction.
 * Card/PromptPay then get a Stripe Checkout session; other methods go straight to the success page.
 */
export async function createBooking(db: Db, rawDraft: unknown, opts: CreateBookingOptions): Promise<CreateBookingResult> {
  const locale = asLocale(opts.locale);
  const now = opts.now ?? new Date();
  const te = bookingErrorsT(locale);
  const parsed = draftSchema.safeParse(rawDraft);
  if (!parsed.success) return { ok: false, error: 'validation', message: te('failure.validation') };
  const draft = parsed.data;

  try {
    const earlier = await existingResult(db, draft.idempotencyKey, locale);
    if (earlier) return earlier;

    const prepared = await prepare(db, draft, locale, now, opts);
    const created = await reserveWithRetry(db, draft, prepared, locale, now);
    if ('existing' in created) return created.existing;

    const method = draft.paymentMethod as PaymentMethod;
    if (method === 'card' || method === 'promptpay') {
      return await startCheckout(db, prepared.stripe!, created, draft, prepared, locale, now, opts);
    }
    if (opts.sendEmails !== false) {
      // A failed email never fails the booking: the outbox row is marked failed and the retry job resends it.
      const send = () => sendBookingConfirmation(db, created.bookingId).catch((e) => console.error('booking: confirmation email failed', e));
      if (opts.defer) opts.defer(send);
      else await send();
    }
    return { ok: true, bookingId: created.bookingId, reference: created.reference, redirectUrl: successPath(locale, { reference: created.reference, id: created.bookingId, method }) };
  } catch (error) {
    if (error instanceof BookingFailure) return error.result;
    console.error('booking: create failed', error);
    return { ok: false, error: 'other', message: te('failure.other') };
  }
}

interface Prepared {
  unitType: { id: string; code: string; name: unknown; dimensions: string };
  quote: Quote;
  promo: { id: string; code: string } | null;
  supplies: { id: SupplyId; label: string; quantity: number; priceSatang: number; lineTotal: number }[];
  proof: PendingProof | null;
  agreement: { text: string; documentId: string | null };
  stripe: Stripe | null;
}

async function prepare(db: Db, draft: BookingDraft, locale: ReturnType<typeof asLocale>, now: Date, opts: CreateBookingOptions): Promise<Prepared> {
  const te = bookingErrorsT(locale);
  const fail = (result: Extract<CreateBookingResult, { ok: false }>) => new BookingFailure(result);

  const unitType = draft.unitTypeCode
    ? await db.unitType.findFirst({ where: { code: draft.unitTypeCode.toLowerCase(), isActive: true } })
    : null;
  const monthlyRate = unitType ? effectiveMonthlyRate(unitType, now) : null;

  let promo: Prepared['promo'] = null;
  let pricingPromo = null;
  if (draft.promoCode) {
    const check = await checkPromoCode(db, draft.promoCode, now, locale);
    if (check.status !== 'valid') {
      const message = te(`promo.${check.reason}`);
      throw fail({ ok: false, error: 'validation', message, missing: [message] });
    }
    const row = await db.promoCode.findUniqueOrThrow({ where: { code: check.code }, select: { id: true, code: true } });
    promo = row;
    pricingPromo = promoForPricing(check);
  }

  const catalogue = await loadSupplyItems(db);
  const supplies: Prepared['supplies'] = [];
  for (const [id, qty] of Object.entries(draft.supplies) as [SupplyId, number][]) {
    if (!qty) continue;
    const item = catalogue.get(id);
    if (!item) throw fail({ ok: false, error: 'validation', message: te('failure.validation') });
    supplies.push({ id, label: pickLocalized<string>(item.name, locale) ?? id, quantity: qty, priceSatang: item.priceSatang, lineTotal: item.priceSatang * qty });
  }

  let quote: Quote | null = null;
  if (monthlyRate && unitType && draft.term && draft.insuranceMonthly != null && draft.customerType && draft.paymentMethod) {
    try {
      quote = computeQuote({
        monthlyRate,
        pricingMode: unitType.pricingMode,
        term: draft.term as TermCode,
        insuranceMonthly: draft.insuranceMonthly,
        supplies: supplies.map((s) => ({ priceSatang: s.priceSatang, quantity: s.quantity })),
        customerType: draft.customerType,
        paymentMethod: draft.paymentMethod as PaymentMethod,
        promo: pricingPromo,
      });
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
    }
  }

  const problems = validateSubmission(draft, { unitMonthlyRate: monthlyRate, totalDueToday: quote?.totalDueToday ?? null }, locale, now);
  if (problems.missing.length) {
    throw fail({ ok: false, error: 'missing_fields', missing: [...problems.missing, ...problems.invalid], message: te('missingTitle') });
  }
  if (problems.invalid.length) {
    throw fail({ ok: false, error: 'validation', missing: problems.invalid, message: te('failure.validation') });
  }
  if (draft.unitTypeCode && !unitType) throw fail({ ok: false, error: 'unit_not_available', message: te('failure.unitNotAvailable') });
  if (!unitType || !quote) throw fail({ ok: false, error: 'validation', message: te('failure.validation') });

  // Checked before anything is written: without Stripe no booking is left behind for card/PromptPay.
  let stripe: Stripe | null = null;
  if (draft.paymentMethod === 'card' || draft.paymentMethod === 'promptpay') {
    stripe = opts.stripe === undefined ? createStripeClient() : opts.stripe;
    if (!stripe) throw fail({ ok: false, error: 'card_unavailable', message: te('failure.cardUnavailable') });
  }

  let proof: PendingProof | null = null;
  if (draft.proofUploadId && (draft.paymentMethod === 'bank_transfer' || draft.paymentMethod === 'crypto')) {
    proof = await readPendingProof(draft.proofUploadId);
    if (!proof) throw fail({ ok: false, error: 'validation', message: te('invalid.proof'), missing: [te('invalid.proof')] });
  }

  const agreement = await signedAgreementText(db, draft, locale, unitType, quote);
  return { unitType, quote, promo, supplies, proof, agreement, stripe };
}

async function signedAgreementText(
  db: Db,
  draft: BookingDraft,
  locale: ReturnType<typeof asLocale>,
  unitType: { name: unknown; code: string },
  quote: Quote,
): Promise<{ text: string; documentId: string | null }> {
  const te = emailsT(locale);
  let html: string | null = null;
  let documentId: string | null = null;
  if (draft.agreement.documentId) {
    const doc = await db.legalDocument.findFirst({ where: { id: draft.agreement.documentId, type: 'rental_agreement' } });
    if (doc) {
      html = sanitizeLegalHtml(doc.content);
      documentId = doc.id;
    }
  }
  if (!html) {
    const current = await getRentalAgreement(db, locale);
    html = current.html;
    documentId = current.id;
  }
  const c = draft.contact;
  const filled = fillAgreementVariables(html, {
    customerName: `${c.firstName} ${c.lastName}`.trim(),
    unit: pickLocalized<string>(unitType.name, locale) ?? unitType.code.toUpperCase(),
    monthlyRate: formatTHB(quote.monthlyRate, locale),
    startDate: draft.startDate ? formatLongDate(draft.startDate, locale) : '',
    term: te(`labels.terms.${draft.term as TermCode}`),
    deposit: formatTHB(quote.securityDeposit, locale),
    insurance: draft.insuranceMonthly ? formatTHB(draft.insuranceMonthly, locale) : '',
  });
  const signature = `<p><strong>${escapeHtml(draft.agreement.signature.trim())}</strong> — ${(draft.agreement.signedAt ? new Date(draft.agreement.signedAt) : new Date()).toISOString()}</p>`;
  return { text: `${filled}\n${signature}`, documentId };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

type Created = { bookingId: string; reference: string; paymentId: string; holdExpiresAt: Date; sessionExpiresAt: Date | null };

async function reserveWithRetry(
  db: Db,
  draft: BookingDraft,
  p: Prepared,
  locale: ReturnType<typeof asLocale>,
  now: Date,
): Promise<Created | { existing: CreateBookingResult }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction((tx) => reserveInTransaction(tx, draft, p, locale, now), { maxWait: 20_000, timeout: 30_000 });
    } catch (error) {
      // A concurrent submit with the same key won the race: answer with its booking.
      if (isUniqueViolation(error, 'idempotency')) {
        const existing = await existingResult(db, draft.idempotencyKey, locale);
        if (existing) return { existing };
      }
      // A reference collision (1 in 10^12) just draws a new one.
      if (isUniqueViolation(error, 'reference') && attempt < 3) continue;
      throw error;
    }
  }
}

async function reserveInTransaction(tx: Tx, draft: BookingDraft, p: Prepared, locale: ReturnType<typeof asLocale>, now: Date): Promise<Created> {
  const te = bookingErrorsT(locale);
  const tl = emailsT(locale);
  const method = draft.paymentMethod as PaymentMethod;
  const q = p.quote;

  // One specific free unit, locked; SKIP LOCKED lets concurrent submits take the next one instead of queueing for it.
  const free = await tx.$queryRaw<{ id: string; number: string }[]>`
    SELECT id, number FROM units
    WHERE unit_type_id = ${p.unitType.id} AND status = 'available' AND current_booking_id IS NULL
    ORDER BY number LIMIT 1 FOR UPDATE SKIP LOCKED`;
  const unit = free[0];
  if (!unit) throw new BookingFailure({ ok: false, error: 'sold_out', message: te('failure.soldOut') });

  if (p.promo) {
    const counted = await tx.$executeRaw`
      UPDATE promo_codes SET current_uses = current_uses + 1
      WHERE id = ${p.promo.id} AND is_active AND (max_uses IS NULL OR current_uses < max_uses)`;
    if (counted === 0) {
      const message = te('promo.limit_reached');
      throw new BookingFailure({ ok: false, error: 'validation', message, missing: [message] });
    }
  }

  const c = draft.contact;
  const business = draft.customerType === 'business';
  const email = c.email.trim().toLowerCase();
  const customerData = {
    type: draft.customerType!,
    firstName: c.firstName,
    lastName: c.lastName,
    email,
    phone: c.phone,
    whatsapp: (c.whatsappSameAsPhone ? c.phone : c.whatsapp) || null,
    address: c.address,
    companyName: business ? c.companyName : null,
    taxId: business ? c.taxId.replace(/\D/g, '') : null,
    locale,
  };
  const known = await tx.customer.findFirst({ where: { email, type: customerData.type }, orderBy: { createdAt: 'desc' }, select: { id: true } });
  const customer = known
    ? await tx.customer.update({ where: { id: known.id }, data: customerData })
    : await tx.customer.create({ data: customerData });

  const sessionExpiresAt = method === 'card' || method === 'promptpay' ? new Date(now.getTime() + CHECKOUT_SESSION_MS) : null;
  const holdExpiresAt = sessionExpiresAt ? new Date(sessionExpiresAt.getTime() + CHECKOUT_HOLD_GRACE_MS) : new Date(now.getTime() + OFFLINE_HOLD_MS);
  const paymentStatus = initialPaymentStatus(method, Boolean(p.proof));
  const reference = generateBookingReference();

  const booking = await tx.booking.create({
    data: {
      reference,
      idempotencyKey: draft.idempotencyKey,
      customerId: customer.id,
      unitTypeId: p.unitType.id,
      unitId: unit.id,
      status: 'reserved',
      paymentMethod: method,
      paymentStatus,
      customerType: customerData.type,
      startDate: new Date(`${draft.startDate}T00:00:00.000Z`),
      term: DB_TERM[draft.term as TermCode],
      months: q.months,
      monthlyRate: q.monthlyRate,
      insuranceMonthly: draft.insuranceMonthly ?? 0,
      promoCodeId: p.promo?.id ?? null,
      quote: { ...q },
      totalDueToday: q.totalDueToday,
      holdExpiresAt,
      locale,
      requiresTaxInvoice: business,
      agreementSignature: draft.agreement.signature.trim(),
      agreementSignedAt: draft.agreement.signedAt ? new Date(draft.agreement.signedAt) : now,
      agreementText: p.agreement.text,
      agreementDocumentId: p.agreement.documentId,
      createdAt: now,
    },
  });
  await tx.unit.update({ where: { id: unit.id }, data: { status: 'reserved', currentBookingId: booking.id } });

  if (p.supplies.length) {
    await tx.bookingSupplyLine.createMany({
      data: p.supplies.map((s) => ({ bookingId: booking.id, supplyId: s.id, quantity: s.quantity, priceSatang: s.priceSatang, lineTotal: s.lineTotal })),
    });
  }

  const lines = invoiceLinesFor(q, { insuranceMonthly: draft.insuranceMonthly ?? 0, supplies: p.supplies, t: tl, locale });
  const invoice = await issueInvoice(tx, { bookingId: booking.id, kind: 'initial', lines, vatSatang: q.vatIncluded, issuedAt: now, dueAt: holdExpiresAt, expectedTotal: q.totalDueToday });
  const payment = await tx.payment.create({
    data: {
      bookingId: booking.id,
      invoiceId: invoice.id,
      method,
      status: paymentStatus,
      amountSatang: q.totalDueToday,
      provider: method === 'card' || method === 'promptpay' ? 'stripe' : null,
    },
  });
  if (p.proof) {
    await tx.paymentProof.create({
      data: {
        bookingId: booking.id,
        paymentId: payment.id,
        fileName: p.proof.fileName,
        mimeType: p.proof.mimeType,
        sizeBytes: p.proof.sizeBytes,
        storagePath: p.proof.storagePath,
        sha256: p.proof.sha256,
        uploadedAt: new Date(p.proof.uploadedAt),
      },
    });
  }

  const summary = buildConfirmationSummary({
    bookingId: booking.id,
    reference,
    locale,
    createdAt: now,
    startDate: draft.startDate!,
    holdExpiresAt,
    customer: {
      type: customerData.type,
      name: `${c.firstName} ${c.lastName}`.trim(),
      email,
      phone: c.phone,
      address: c.address,
      companyName: customerData.companyName,
      taxId: customerData.taxId,
    },
    unitTypeCode: p.unitType.code,
    unitTypeLabel: pickLocalized<string>(p.unitType.name, locale) ?? p.unitType.code.toUpperCase(),
    dimensions: p.unitType.dimensions,
    termCode: draft.term!,
    termLabel: tl(`labels.terms.${draft.term as TermCode}`),
    insuranceMonthly: draft.insuranceMonthly ?? 0,
    promoCode: p.promo?.code ?? null,
    paymentMethod: method,
    paymentMethodLabel: tl(`labels.methods.${method}`),
    paymentStatus,
    supplies: p.supplies,
    quote: q,
    portalPath: `/my-booking/${reference}`,
  });
  await tx.bookingSnapshot.create({
    data: { bookingId: booking.id, payload: JSON.parse(JSON.stringify(summary)), payloadHash: hashSummary(summary), emailStatus: 'pending' },
  });

  if (draft.draftToken) {
    await tx.bookingDraft.updateMany({ where: { token: draft.draftToken, submittedAt: null }, data: { submittedAt: now } });
  }
  return { bookingId: booking.id, reference, paymentId: payment.id, holdExpiresAt, sessionExpiresAt };
}

/** The booking's real lines for Stripe; withholding tax (a deduction) is taken off the rent line, so they add up. */
export function checkoutLines(q: Quote, supplies: Prepared['supplies'], t: ReturnType<typeof emailsT>): CheckoutLine[] {
  const lines: CheckoutLine[] = [
    { name: t('confirmation.lines.rentAfterDiscounts') + (q.withholdingTax ? ` − ${t('confirmation.lines.withholdingTax')}` : ''), amountSatang: q.rentAfterDiscounts - q.withholdingTax, quantity: 1 },
    { name: t('confirmation.lines.insurance'), amountSatang: q.insurance, quantity: 1 },
    ...supplies.map((s) => ({ name: s.label, amountSatang: s.priceSatang, quantity: s.quantity })),
    { name: t('confirmation.lines.setupFee'), amountSatang: q.setupFee, quantity: 1 },
    { name: t('confirmation.lines.securityDeposit'), amountSatang: q.securityDeposit, quantity: 1 },
  ];
  const sum = lines.reduce((acc, l) => acc + (l.amountSatang > 0 ? l.amountSatang * l.quantity : 0), 0);
  // Never charge something other than the quote: if the lines could not add up, charge the total as one line.
  return sum === q.totalDueToday ? lines : [{ name: t('confirmation.lines.total'), amountSatang: q.totalDueToday, quantity: 1 }];
}

async function startCheckout(
  db: Db,
  stripe: Stripe,
  created: Created,
  draft: BookingDraft,
  p: Prepared,
  locale: ReturnType<typeof asLocale>,
  now: Date,
  opts: CreateBookingOptions,
): Promise<CreateBookingResult> {
  const te = bookingErrorsT(locale);
  const method = draft.paymentMethod as 'card' | 'promptpay';
  const base = (opts.siteUrl ?? env().SITE_URL).replace(/\/$/, '');
  const success = `${base}${successPath(locale, { reference: created.reference, id: created.bookingId, method })}`;
  try {
    const session = await createCheckoutSession(stripe, {
      method,
      bookingId: created.bookingId,
      reference: created.reference,
      customerEmail: draft.contact.email.trim(),
      locale,
      lines: checkoutLines(p.quote, p.supplies, emailsT(locale)),
      successUrl: `${success}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${success}&cancelled=1`,
      expiresAt: created.sessionExpiresAt!,
    });
    // Stored before the browser leaves, so the webhook and the success page can find the booking by session.
    await db.payment.update({ where: { id: created.paymentId }, data: { providerSessionId: session.id, checkoutUrl: session.url } });
    return { ok: true, bookingId: created.bookingId, reference: created.reference, redirectUrl: session.url };
  } catch (error) {
    console.error('booking: checkout session failed', error);
    await db.$transaction((tx) => releaseReservation(tx, created.bookingId, now, 'cancelled')).catch((e) => console.error('booking: release after checkout failure failed', e));
    return { ok: false, error: 'payment', message: te('failure.payment') };
  }
}
