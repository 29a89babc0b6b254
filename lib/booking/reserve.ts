import 'server-only';
import { issueInvoiceNumberedLast, type IssueInvoiceInput } from '@/lib/invoices/issue';
import { buyerSnapshot, sellerSnapshot } from '@/lib/invoices/parties';
import type { Db } from '@/lib/db';
import { Prisma } from '@/generated/prisma/client';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import { unitTypeName } from '@/lib/units/listing';
import type { PendingProof } from '@/lib/payments/proofs/proof-store';
import type { CompleteDraft } from './draft';
import { RESERVE_UNITS } from '@/lib/holds/rules';
import type { PricedDraft } from './price-draft';
import type { SignedAgreement } from './signed-agreement';
import { bookedPaymentStatus, isOnlineMethod } from './payment-methods';
import { holdFor, releaseReservation } from './holds';
import { holdLocksQuery, holdsColumn, holdsCte, judgeHoldLimits, type PersonHolds } from './hold-limits';
import { recordAudit } from '@/lib/audit';
import { checkProofContent } from '@/lib/payments/proofs/proof-fingerprint';
import { checkSlipTransaction, slipColumns } from '@/lib/payments/proofs/slip-transactions';
import { DB_TERM } from './terms';
import { visibleUnitNumber } from './unit-number';
import { generateBookingReference } from './reference';
import { invoiceLinesFor } from './invoice-lines';
import { buildConfirmationSummary, hashSummary } from './snapshot';
import { taxBranchNumber } from '@/lib/validation/tax-branch';

import { queuedEmailsCte } from '@/lib/platform/mail/outbox';
import { queuedTasksCte, taskEntry } from '@/lib/platform/tasks/queue';
import { STAFF_NEW_BOOKING } from '@/lib/staff-alerts/tasks';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { takeFreeUnitOnHold } from '@/lib/lifecycle';
import { FREE_UNIT_SQL } from '@/lib/units/free';
import { lookalikeFields } from '@/lib/payments/proofs/slip-similarity';
import { formatDimensions } from '@/lib/format/measures';
import { dateColumn } from '@/lib/dates/bangkok';

type Tx = Prisma.TransactionClient;

/** Everything a booking is made of, validated and priced before anything is written. */
export interface Reservation {
  draft: CompleteDraft;
  priced: PricedDraft;
  proof: PendingProof | null;
  agreement: SignedAgreement;
  signedAt: Date;
  locale: Locale;
  now: Date;
  /** who is booking, as the server saw the request (docs/product-rules.md#holds) */
  requester: Requester;
  /**
   * Writes the booking confirmation to the outbox in this transaction (cash, bank transfer, crypto): committed with
   * the booking or not at all (lib/platform/mail/outbox.ts).
   */
  queueConfirmation?: boolean;
}

export interface Requester {
  /** keyed hashes for the hold limits (lib/booking/hold-limits.ts); null outside a request */
  deviceKey: string | null;
  clientKey: string | null;
  /** recorded with the signature */
  ip: string | null;
  userAgent: string | null;
  /** the email was proven before this submit (a waiting-list offer's link): the hold starts confirmed */
  emailVerified: boolean;
}

export interface Reserved {
  bookingId: string;
  reference: string;
  paymentId: string;
  holdExpiresAt: Date;
  /** when the Stripe session must end (card and PromptPay), else null */
  sessionExpiresAt: Date | null;
}

export type RefusalReason = 'sold_out' | 'promo_limit' | 'open_hold' | 'daily_limit' | 'proof_used';
export type ReserveOutcome = { ok: true; reserved: Reserved } | { ok: false; reason: RefusalReason | 'duplicate' };

class Refused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

const isUniqueViolation = (e: unknown, field: string) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2002' && JSON.stringify((e as { meta?: unknown }).meta ?? '').includes(field);

/**
 * How long a submit may wait for a database connection. Submits of one type take turns on its lock, each holding a
 * connection while it waits: 200 at once for one type took 33 s to serve on a slow 2-core host
 * (lib/booking/reliability.integration.test.ts), and with 20 s the last ones of such a burst were refused under load.
 * A customer in a burst waits rather than fails; the proxy waits 60 s for an answer (deploy/nginx/nginx.conf), and
 * once started the transaction itself takes a second or two in such a burst (its 30 s limit is a safety bound).
 */
const RESERVE_MAX_WAIT_MS = 40_000;

/**
 * Books one specific unit in one transaction: nothing half-written stays behind when any step fails. `prepare` reads
 * what the booking is made of in the same transaction, before its writes (the request's one transaction,
 * docs/performance.md "Booking submits"); what it throws ends the transaction, unwritten, and reaches the caller.
 * 'duplicate': a concurrent submit with the same idempotency key won the race (the caller answers with that booking).
 */
export async function reserveUnit(db: Db, prepare: (tx: Tx) => Promise<Reservation>): Promise<ReserveOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const reserved = await db.$transaction(async (tx) => reserveInTransaction(tx, await prepare(tx)), { maxWait: RESERVE_MAX_WAIT_MS, timeout: 30_000 });
      // One unit fewer on sale: every server's public pages re-read availability.
      revalidatePublicData('availability');
      return { ok: true, reserved };
    } catch (error) {
      if (error instanceof Refused) return { ok: false, reason: error.reason };
      if (isUniqueViolation(error, 'idempotency')) return { ok: false, reason: 'duplicate' };
      // One uploaded slip belongs to one payment: the database refuses a second booking with the same upload.
      if (isUniqueViolation(error, 'storage_path') || isUniqueViolation(error, 'slip_trans_ref')) return { ok: false, reason: 'proof_used' };
      // A reference collision (1 in 10^12) just draws a new one.
      if (isUniqueViolation(error, 'reference') && attempt < 3) continue;
      throw error;
    }
  }
}

async function reserveInTransaction(tx: Tx, r: Reservation): Promise<Reserved> {
  const { draft, priced, now } = r;
  const method = draft.paymentMethod;
  const online = isOnlineMethod(method);

  // Everything is written before the locks are taken: from the person's lock (the hold limits), the type's lock (unpaid
  // holds) and the invoice number's counter (every booking) to the commit, submits take turns, so the fewer round trips
  // follow a lock the more submits a second one person, one type or the business can make (docs/performance.md,
  // "Booking submits"). A concurrent submit of the same draft (its idempotency key) waits at the booking's insert
  // for this one to end and is then refused by the unique key ('duplicate': the caller answers with this booking).
  const customer = await saveCustomer(tx, draft, r.locale);
  const confirmed = !online && r.requester.emailVerified;
  const { holdExpiresAt, sessionExpiresAt } = holdFor(method, now);
  const paymentStatus = bookedPaymentStatus(method, Boolean(r.proof));
  const reference = generateBookingReference();
  const q = priced.quote;

  // Its unit is set below, in the same transaction (or none, when only the type's reserve is free: see below).
  const booking = await tx.booking.create({
    data: {
      reference,
      idempotencyKey: draft.idempotencyKey,
      customerId: customer.id,
      unitTypeId: priced.unitType.id,
      status: 'reserved',
      paymentMethod: method,
      paymentStatus,
      customerType: draft.customerType,
      startDate: dateColumn(draft.startDate),
      term: DB_TERM[draft.term],
      months: q.months,
      monthlyRate: q.monthlyRate,
      // The rental's own rate from now on: renewals bill it, not the unit type's later prices.
      rentRate: q.monthlyRate,
      insuranceMonthly: draft.insuranceMonthly,
      promoCodeId: priced.promo?.id ?? null,
      quote: { ...q },
      totalDueToday: q.totalDueToday,
      holdExpiresAt,
      locale: r.locale,
      requiresTaxInvoice: draft.customerType === 'business',
      holdConfirmedAt: confirmed ? now : null,
      deviceKey: r.requester.deviceKey,
      clientKey: r.requester.clientKey,
      agreementSignature: draft.agreement.signature.trim(),
      agreementSignedAt: r.signedAt,
      agreementSignedIp: r.requester.ip?.slice(0, 64) ?? null,
      agreementSignedUa: r.requester.userAgent?.slice(0, 400) ?? null,
      agreementText: r.agreement.text,
      agreementDocumentId: r.agreement.documentId,
      privacyNoticeVersion: r.agreement.privacyNotice?.version ?? null,
      privacyNoticeLocale: r.agreement.privacyNotice?.locale ?? null,
      createdAt: now,
    },
    // Not the row back: it holds the signed agreement's whole text, and the reservation needs only these.
    select: { id: true, status: true },
  });
  // Writes that need no answer ride on the payment's insert below (insertPaymentLocked): the supplies' lines, the
  // snapshot, the draft's submission, the confirmation's row, the tasks and the invoice's lines.
  const riding: Prisma.Sql[] = [];
  if (priced.supplies.length) {
    // Plain SQL rather than createMany, whose query plan Prisma compiles anew each time (enqueueTasks,
    // lib/platform/tasks/queue.ts).
    const lines = priced.supplies;
    riding.push(Prisma.sql`supply_lines AS (
      INSERT INTO booking_supply_lines (id, booking_id, supply_id, quantity, price_satang, line_total)
      SELECT t.id, ${booking.id}, t.supply_id, t.quantity, t.price_satang, t.line_total
      FROM unnest(${lines.map(() => crypto.randomUUID())}::text[], ${lines.map((l) => l.id)}::text[], ${lines.map((l) => l.quantity)}::int[],
        ${lines.map((l) => l.priceSatang)}::int[], ${lines.map((l) => l.lineTotal)}::int[]) AS t(id, supply_id, quantity, price_satang, line_total))`);
  }

  // The same slip on another customer's booking is refused (lib/payments/proofs/proof-fingerprint.ts).
  // A new booking's payment is new: a slip whose bank transaction already backs a payment is refused (slip-transactions.ts).
  if (r.proof && ((await checkProofContent(tx, { sha256: r.proof.sha256, bookingId: booking.id, customerEmail: customer.email })) === 'other_customer' || (await checkSlipTransaction(tx, r.proof.slip, null)) === 'used')) {
    throw new Refused('proof_used');
  }

  // A reserved booking shows no unit number (TBA, lib/booking/unit-number.ts), so its summary does not wait for the unit.
  riding.push(snapshotCte(r, { bookingId: booking.id, reference, holdExpiresAt, paymentStatus, customerEmail: customer.email, unitNumber: visibleUnitNumber(booking.status, null) }));

  if (draft.draftToken) {
    // The draft's reminder is not sent for a submitted draft (lib/booking/drafts.ts); updated_at as Prisma's @updatedAt.
    const at = new Date().toISOString();
    riding.push(Prisma.sql`draft_submitted AS (
      UPDATE booking_drafts SET submitted_at = ${now.toISOString()}::timestamp(3), updated_at = ${at}::timestamp(3)
      WHERE token = ${draft.draftToken} AND submitted_at IS NULL)`);
  }
  const confirmation = r.queueConfirmation
    ? queuedEmailsCte([{ dedupeKey: `booking_confirmation:${booking.id}`, template: 'booking_confirmation', locale: r.locale, to: customer.email, bookingId: booking.id }])
    : null;
  const tasks = confirmation ? [...confirmation.tasks] : [];
  if (!isOnlineMethod(draft.paymentMethod)) {
    // Staff hear of every booking paid offline (card and PromptPay ones once Stripe says they are paid): a task
    // committed with the booking, sent by the task worker, so the submit never waits for the staff emails.
    const facts = { reference, paymentMethod: draft.paymentMethod, totalDueToday: q.totalDueToday, customer: { firstName: draft.contact.firstName, lastName: draft.contact.lastName }, unitType: { code: priced.unitType.code } };
    tasks.push(taskEntry(STAFF_NEW_BOOKING, { bookingId: booking.id, facts }, { dedupeKey: `staff.new-booking:${booking.id}` }));
  }
  // The invoice (under a provisional number) is written before the locks, its lines with the payment: neither decides
  // availability, and a refusal below rolls them back with the rest.
  const parties = { seller: await sellerSnapshot(tx), buyer: buyerSnapshot(customer) };
  const invoice = await issueInvoiceNumberedLast(tx, { ...firstInvoice(r, holdExpiresAt), bookingId: booking.id, parties });
  // The locks (docs/product-rules.md#holds), held to the commit, ride on the payment's insert, the last write before
  // the checks: the person's (their limits: submits of one email, phone, device or network take turns), then the unit
  // type's (inventory, below). The next statement reads after both are granted: the person's holds, and the type's
  // free units with the pick of one, fused with the promo's use and the invoice's number (the counter row every
  // booking in the business queues on, gapless numbers: lib/invoices/numbering.ts). Then the commit. A refusal rolls
  // all of it back.
  const who = { email: draft.contact.email, phone: draft.contact.phone, deviceKey: r.requester.deviceKey, clientKey: r.requester.clientKey, online };
  const typeLock = `unpaid-hold:${priced.unitType.id}`;
  riding.push(...[confirmation?.cte, queuedTasksCte(tasks), invoice.lines].filter((cte): cte is Prisma.Sql => Boolean(cte)));
  const payment = await insertPaymentLocked(tx, { bookingId: booking.id, invoiceId: invoice.id, method, status: paymentStatus, amountSatang: q.totalDueToday }, holdLocksQuery(who, typeLock), riding);
  if (r.proof) await linkProof(tx, r.proof, booking.id, payment.id);

  // Inventory (docs/product-rules.md#holds, "Nobody can hold the last unit"): an unpaid booking, whatever its method
  // and whoever makes it, never takes the last free unit of its type. At that point it is booked without a unit and
  // the first payment to complete takes the unit (lib/booking/unit-on-payment.ts); so no number of unpaid holds can
  // keep a paying customer from the type. Submits for one type take turns (the type's lock), so two of them cannot
  // both see "two left" and take both: the count of free units is read in a later statement than the lock's (a
  // statement's snapshot is taken when it starts). A waiting-list offer's holder booking with the email the offer
  // went to takes back the unit held for them.
  const fromOffer = r.requester.emailVerified;
  const promoUse = priced.promo ? promoUseCte(priced.promo.id) : null;
  const pick = (also?: { ctes: Prisma.Sql[]; columns: Prisma.Sql[] }) =>
    takeFreeUnitOnHold(tx, { unitTypeId: priced.unitType.id, bookingId: booking.id, takeAbove: fromOffer ? null : RESERVE_UNITS, audit: { booking: reference }, also });
  let picked = await pick({
    ctes: [holdsCte(who, now, booking.id), invoice.numbering.cte, ...(promoUse ? [promoUse] : [])],
    columns: [holdsColumn, invoice.numbering.column, ...(promoUse ? [Prisma.sql`(SELECT count(*) FROM promo_use)::int AS promo_counted`] : [])],
  });
  if (picked.also.numbered_invoices !== 1) throw new Error(`invoice ${invoice.id} to number was not found`);
  const { also } = picked;

  const limits = judgeHoldLimits(also.holds as PersonHolds, who);
  if (!limits.ok) throw new Refused(limits.reason);
  // The same person on the same device changed their mind: their earlier hold makes way for this one. The pick ran
  // before it did; when it found no unit to take, it looks again now that theirs is free. The release waits only for
  // the rows of that unpaid hold while this transaction holds the type's lock and the invoice counter, and nothing that
  // locks a reserved booking's rows takes either (staff invoices, renewals, prepayments and fees bill confirmed rentals;
  // credit notes count on their own row): no two transactions can wait for each other here.
  let released = false;
  for (const earlier of limits.replace) {
    if (await releaseReservation(tx, earlier, now, 'cancelled')) {
      released = true;
      await recordAudit(tx, { actor: null, action: 'booking.hold_replace', entity: 'booking', entityId: earlier, after: { status: 'cancelled' } });
    }
  }
  if (released && !picked.unit) picked = await pick();

  const free = fromOffer ? 1 + RESERVE_UNITS : picked.free;
  if (free === 0) throw new Refused('sold_out');
  const unit = picked.unit;
  if (free > RESERVE_UNITS && !unit) throw new Refused('sold_out');
  if (promoUse && also.promo_counted !== 1) throw new Refused('promo_limit');
  if (!unit) await recordAudit(tx, { actor: null, action: 'booking.reserve_waits_for_unit', entity: 'booking', entityId: booking.id, note: 'only the reserve was free: the unit goes to the first payment' });
  return { bookingId: booking.id, reference, paymentId: payment.id, holdExpiresAt, sessionExpiresAt };
}

/**
 * One free unit of the type, locked and set on the booking (null: none was free). SKIP LOCKED lets concurrent submits
 * take the next unit instead of queueing behind each other.
 */
export async function takeFreeUnit(tx: Tx, unitTypeId: string, bookingId: string): Promise<{ id: string; number: string } | null> {
  const [row] = await tx.$queryRaw<{ id: string | null; number: string | null }[]>`
    WITH pick AS (
      SELECT id, number FROM units
      WHERE unit_type_id = ${unitTypeId} AND ${FREE_UNIT_SQL}
      ORDER BY number LIMIT 1 FOR UPDATE SKIP LOCKED),
    taken AS (UPDATE bookings SET unit_id = pick.id FROM pick WHERE bookings.id = ${bookingId} RETURNING bookings.id)
    SELECT pick.id, pick.number FROM (SELECT 1) AS one LEFT JOIN pick ON true`;
  return row?.id && row.number ? { id: row.id, number: row.number } : null;
}

/** Counts the promo use atomically (`promo_use` returns its row), so max_uses holds under concurrent submits. */
function promoUseCte(promoId: string): Prisma.Sql {
  return Prisma.sql`promo_use AS (
    UPDATE promo_codes SET current_uses = current_uses + 1
    WHERE id = ${promoId} AND is_active AND (max_uses IS NULL OR current_uses < max_uses)
    RETURNING id)`;
}

/**
 * The booking's payment, in the statement that takes the locks first (`locks`, holdLocksQuery): one round trip fewer
 * while they are held. Plain SQL for that; the columns Prisma would fill are filled here (id, times). `also`: writes
 * that need no answer ride on the same statement (the snapshot, the lines, the queued confirmation's row, the tasks:
 * the data layer still wakes the worker after the commit), a round trip fewer each. Here rather than on the statement
 * after the locks: a statement is planned before it waits for a lock, and that one's planning is done while every
 * other submit of the type waits (about 1 ms of its 2.5, 2 Dec). Their rows are written once the locks are granted
 * (PostgreSQL runs a write nobody reads at the statement's end): up to half a millisecond under them
 * (bench/2026-12-02-one-transaction.md).
 */
async function insertPaymentLocked(
  tx: Tx,
  p: { bookingId: string; invoiceId: string; method: CompleteDraft['paymentMethod']; status: ReturnType<typeof bookedPaymentStatus>; amountSatang: number },
  locks: Prisma.Sql,
  also: readonly Prisma.Sql[],
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await tx.$executeRaw`
    WITH ${also.length ? Prisma.sql`${Prisma.join(also, ', ')},` : Prisma.empty} locked AS (${locks})
    INSERT INTO payments (id, booking_id, invoice_id, method, status, amount_satang, provider, created_at, updated_at)
    SELECT ${id}, ${p.bookingId}, ${p.invoiceId}, ${p.method}::"PaymentMethod", ${p.status}::"PaymentStatus", ${p.amountSatang},
      ${isOnlineMethod(p.method) ? 'stripe' : null}, ${at}::timestamp(3), ${at}::timestamp(3)
    FROM locked`;
  return { id };
}

/**
 * The booking's customer record, with the details exactly as typed. Always a new row: an anonymous submit must never
 * change what an earlier booking of the same email says (docs/product-rules.md#holds, "Customer identity"); the
 * portal gathers a person's bookings by email once they prove it.
 */
async function saveCustomer(tx: Tx, draft: CompleteDraft, locale: Locale) {
  const c = draft.contact;
  const business = draft.customerType === 'business';
  const email = c.email.trim().toLowerCase();
  const data = {
    type: draft.customerType,
    firstName: c.firstName,
    lastName: c.lastName,
    email,
    phone: c.phone,
    whatsapp: (c.whatsappSameAsPhone ? c.phone : c.whatsapp) || null,
    address: c.address,
    companyName: business ? c.companyName : null,
    taxId: business ? c.taxId.replace(/\D/g, '') : null,
    taxBranch: business ? taxBranchNumber({ kind: c.taxBranch, number: c.branchNumber }) : null,
    locale,
  };
  return tx.customer.create({ data });
}

/**
 * The booking's first invoice: every quote line, due when the hold ends. Its own step so billing can replace it with
 * its numbered invoices without touching the rest of the reservation.
 */
function firstInvoice(r: Reservation, dueAt: Date): Omit<IssueInvoiceInput, 'bookingId'> {
  const { priced, draft, locale, now } = r;
  const q = priced.quote;
  const lines = invoiceLinesFor(q, { insuranceMonthly: draft.insuranceMonthly, supplies: priced.supplies, t: translator(locale, 'emails'), locale });
  return { kind: 'initial', lines, vatSatang: q.vatIncluded, issuedAt: now, dueAt, expectedTotal: q.totalDueToday };
}

async function linkProof(tx: Tx, proof: PendingProof, bookingId: string, paymentId: string) {
  await tx.paymentProof.create({
    data: {
      bookingId,
      paymentId,
      fileName: proof.fileName,
      mimeType: proof.mimeType,
      sizeBytes: proof.sizeBytes,
      storagePath: proof.storagePath,
      sha256: proof.sha256,
      uploadedAt: new Date(proof.uploadedAt),
      ...slipColumns(proof), ...(await lookalikeFields(tx, { imagePrint: proof.imagePrint, bookingId })),
    },
  });
}

/**
 * The confirmation summary as booked, hashed: what the emails and the portal show. Its insert, to ride on another
 * statement (`booking_snapshot`); the columns Prisma would fill are filled here (id, times).
 */
function snapshotCte(
  r: Reservation,
  b: { bookingId: string; reference: string; holdExpiresAt: Date; paymentStatus: string; customerEmail: string; unitNumber: string | null },
): Prisma.Sql {
  const { draft, priced, locale } = r;
  const c = draft.contact;
  const business = draft.customerType === 'business';
  const t = translator(locale, 'emails');
  const summary = buildConfirmationSummary({
    bookingId: b.bookingId,
    reference: b.reference,
    locale,
    createdAt: r.now,
    startDate: draft.startDate,
    holdExpiresAt: b.holdExpiresAt,
    customer: {
      type: draft.customerType,
      name: `${c.firstName} ${c.lastName}`.trim(),
      email: b.customerEmail,
      phone: c.phone,
      address: c.address,
      companyName: business ? c.companyName : null,
      taxId: business ? c.taxId.replace(/\D/g, '') : null,
      taxBranch: business ? taxBranchNumber({ kind: c.taxBranch, number: c.branchNumber }) : null,
    },
    unitNumber: b.unitNumber,
    unitTypeCode: priced.unitType.code,
    unitTypeLabel: unitTypeName(priced.unitType, locale),
    dimensions: formatDimensions(priced.unitType.dimensions, locale),
    termCode: draft.term,
    termLabel: t(`labels.terms.${draft.term}`),
    insuranceMonthly: draft.insuranceMonthly,
    promoCode: priced.promo?.code ?? null,
    paymentMethod: draft.paymentMethod,
    paymentMethodLabel: t(`labels.methods.${draft.paymentMethod}`),
    paymentStatus: b.paymentStatus,
    supplies: priced.supplies,
    quote: priced.quote,
    portalPath: `/my-booking/${b.reference}`,
  });
  const at = new Date().toISOString();
  return Prisma.sql`booking_snapshot AS (
    INSERT INTO booking_snapshots (id, booking_id, payload, payload_hash, email_status, created_at, updated_at)
    VALUES (${crypto.randomUUID()}, ${b.bookingId}, ${JSON.stringify(summary)}::jsonb, ${hashSummary(summary)}, 'pending', ${at}::timestamp(3), ${at}::timestamp(3)))`;
}
