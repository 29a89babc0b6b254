import 'server-only';
import { formatThaiPhone } from '@/lib/format/phone';
import type { Db } from '@/lib/db';
import type { Prisma } from '@/generated/prisma/client';
import type { StaffUser } from '@/lib/auth/staff';
import { recordAudit } from '@/lib/audit';
import { anonymiseBooking, anonymiseCustomerIfDone } from './anonymise';
import { lineTasksOf } from '@/lib/line/outbox';
import { formatTHB } from '@/lib/format/money';
import { translator } from '@/lib/i18n/translator';
import { Refusal } from '@/lib/actions/refusal';

/**
 * A data subject's rights handled by staff (docs/product-rules.md#personal-data-pdpa): everything the site holds about
 * one person, found by their email; a copy of it (machine-readable JSON and a readable summary); and its erasure, which
 * keeps what the tax law requires. Each request is recorded with its 30-day deadline.
 */
import { PRIVACY_REQUEST_DAYS, PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from '@/lib/retention/privacy-requests';
export { PRIVACY_REQUEST_DAYS, PRIVACY_REQUEST_KINDS, type PrivacyRequestKind };
type Actor = Pick<StaffUser, 'id' | 'email'>;
const LIVE = ['reserved', 'confirmed', 'active'] as const;

const byEmail = (email: string) => ({ equals: email.trim(), mode: 'insensitive' as const });

/** Also inside a caller's transaction (a portal request is written with its staff alert). */
export async function createPrivacyRequest(db: Db | Prisma.TransactionClient, input: { email: string; kind: PrivacyRequestKind; source: 'staff' | 'portal'; details?: string | null }, now: Date = new Date()) {
  return db.privacyRequest.create({
    data: { email: input.email.trim().toLowerCase(), kind: input.kind, source: input.source, details: input.details ?? null, receivedAt: now, dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS * 86_400_000) },
  });
}

/**
 * A request that is not open (or not of the kind asked) is not carried out: two staff members on one request, or a
 * page left open after it was completed, get words instead of a second outcome (admin.privacy.errors, en/th/ru).
 */
export class PrivacyRequestFailure extends Refusal {
  constructor(readonly code: 'closed' | 'wrong_kind' | 'not_erasure') {
    super(code);
  }
  say(locale: string): string {
    return translator(locale, 'admin')(`privacy.errors.${this.code}`);
  }
}

/** Completes an open request with its outcome; only once (a second completion is refused, the first outcome kept). */
export async function completePrivacyRequest(db: Db, id: string, outcome: string, actor: Actor, now: Date = new Date()) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.privacyRequest.updateMany({ where: { id, status: 'open' }, data: { status: 'completed', completedAt: now, outcome, handledBy: actor.email } });
    if (count !== 1) throw new PrivacyRequestFailure('closed');
    await recordAudit(tx, { actor, action: 'privacy.request_completed', entity: 'privacy_request', entityId: id, after: { outcome } });
  });
}

/**
 * What staff may correct on a correction request (PDPA s. 35): the customer record's own fields. The email is the key
 * everything is found by and is not changed here; issued tax invoices and credit notes keep the buyer frozen into them
 * (a wrong tax invoice is put right with a credit note, lib/invoices), so only documents issued after the correction
 * carry it.
 */
export const CORRECTABLE_FIELDS = ['firstName', 'lastName', 'phone', 'whatsapp', 'address', 'companyName', 'taxId'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export type Correction = Partial<Record<CorrectableField, string>>;
const REQUIRED = new Set<CorrectableField>(['firstName', 'lastName', 'phone', 'address']);

/** The fields as they are now, from the newest live customer record of the email (the correction form starts from it). */
export async function correctableRecord(db: Db, email: string) {
  return db.customer.findFirst({
    where: { email: byEmail(email), anonymisedAt: null },
    orderBy: { createdAt: 'desc' },
    select: { type: true, firstName: true, lastName: true, phone: true, whatsapp: true, address: true, companyName: true, taxId: true },
  });
}

/**
 * A correction request carried out: the changed fields written to every live customer record of the request's email,
 * an audit row `privacy.correct` per record with the fields before and after, and the request completed with the
 * outcome staff state. A field left as it is changes nothing; an emptied optional field (WhatsApp, company, tax ID) is
 * cleared, a required one (names, phone, address) is refused. Nothing else of anyone else is touched.
 */
export async function carryOutCorrection(db: Db, requestId: string, correction: Correction, outcome: string, actor: Actor, now: Date = new Date()) {
  const req = await db.privacyRequest.findUniqueOrThrow({ where: { id: requestId } });
  if (req.kind !== 'correction') throw new PrivacyRequestFailure('wrong_kind');
  if (req.status !== 'open') throw new PrivacyRequestFailure('closed');
  const changed = await db.$transaction(async (tx) => {
    const customers = await tx.customer.findMany({ where: { email: byEmail(req.email), anonymisedAt: null } });
    const fields = new Set<CorrectableField>();
    for (const c of customers) {
      const before: Correction = {};
      const after: Record<string, string | null> = {};
      for (const f of CORRECTABLE_FIELDS) {
        const next = correction[f];
        if (next === undefined) continue;
        const typed = next.trim() === '' ? null : next.trim();
        // Phones stored grouped the one Thai way, as the wizard and the portal store them (lib/format/phone.ts).
        const value = typed !== null && (f === 'phone' || f === 'whatsapp') ? formatThaiPhone(typed) : typed;
        if (value === null && REQUIRED.has(f)) continue;
        if ((c[f] ?? null) === value) continue;
        before[f] = c[f] ?? '';
        after[f] = value;
        fields.add(f);
      }
      if (!Object.keys(after).length) continue;
      await tx.customer.update({ where: { id: c.id }, data: { ...(after as Prisma.CustomerUpdateInput), updatedAt: now } });
      await recordAudit(tx, { actor, action: 'privacy.correct', entity: 'customer', entityId: c.id, before, after, note: `privacy request ${req.id}` });
    }
    // Completed in the same transaction, only while still open: a second staff member's correction rolls back whole.
    const { count } = await tx.privacyRequest.updateMany({ where: { id: req.id, status: 'open' }, data: { status: 'completed', completedAt: now, outcome, handledBy: actor.email } });
    if (count !== 1) throw new PrivacyRequestFailure('closed');
    await recordAudit(tx, { actor, action: 'privacy.request_completed', entity: 'privacy_request', entityId: req.id, after: { outcome, corrected: [...fields] } });
    return [...fields];
  });
  return { changed };
}

/** Everything about one person, by email. Secrets that are not theirs to read (PIN cipher, keys, tokens) are left out. */
export async function findSubjectData(db: Db, email: string) {
  const customers = await db.customer.findMany({ where: { email: byEmail(email) }, orderBy: { createdAt: 'asc' } });
  const customerIds = customers.map((c) => c.id);
  const bookings = await db.booking.findMany({
    where: { customerId: { in: customerIds } },
    orderBy: { createdAt: 'asc' },
    omit: { gatePinCipher: true, gatePinHash: true, deviceKey: true, clientKey: true, idempotencyKey: true },
    include: {
      unitType: { select: { code: true } },
      unit: { select: { number: true } },
      supplyLines: true,
      payments: { omit: { checkoutUrl: true } },
      proofs: { omit: { storagePath: true } },
      invoices: { include: { lines: true, creditNotes: true, withholdingCertificate: true }, orderBy: { issuedAt: 'asc' } },
      refunds: true,
      rentChanges: true,
      identityDocuments: { omit: { storageKey: true } },
      conditionPhotos: { omit: { storageKey: true } },
      gateChanges: { select: { id: true, action: true, unitNumber: true, status: true, createdAt: true, sentAt: true, doneAt: true } },
      notes: true,
      emails: { select: { id: true, template: true, locale: true, toAddress: true, subject: true, text: true, status: true, sentAt: true, createdAt: true } },
    },
  });
  const bookingIds = bookings.map((b) => b.id);
  const [emails, waitingList, drafts, lineLinks, lineMessages, audit, requests] = await Promise.all([
    db.emailMessage.findMany({ where: { toAddress: byEmail(email), bookingId: null }, select: { id: true, template: true, locale: true, toAddress: true, subject: true, text: true, status: true, sentAt: true, createdAt: true } }),
    db.waitingListEntry.findMany({ where: { email: byEmail(email) }, include: { offers: true } }),
    db.bookingDraft.findMany({ where: { email: byEmail(email) }, omit: { token: true } }),
    db.lineLink.findMany({ where: { email: byEmail(email) } }),
    db.task.findMany({ where: lineTasksOf({ email }), select: { id: true, dedupeKey: true, type: true, status: true, attempts: true, lastError: true, createdAt: true, finishedAt: true } }),
    db.auditLog.findMany({ where: { OR: [{ entity: 'booking', entityId: { in: bookingIds } }, { entity: 'customer', entityId: { in: customerIds } }] }, orderBy: { createdAt: 'asc' } }),
    db.privacyRequest.findMany({ where: { email: byEmail(email) }, orderBy: { receivedAt: 'asc' } }),
  ]);
  return { customers, bookings, emails, waitingList, drafts, lineLinks, lineMessages, audit, requests };
}
export type SubjectData = Awaited<ReturnType<typeof findSubjectData>>;

const fmt = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—');
const baht = (satang: number) => formatTHB(satang, 'en');

/** The copy given to the person: the JSON (every field) and a summary a person can read. Recorded in the audit log. */
export async function exportSubject(db: Db, email: string, actor: Actor, now: Date = new Date()): Promise<{ json: string; summary: string }> {
  const data = await findSubjectData(db, email);
  await recordAudit(db, { actor, action: 'privacy.export', entity: 'privacy_subject', entityId: email.trim().toLowerCase(), after: { customers: data.customers.length, bookings: data.bookings.length } });
  const json = JSON.stringify({ generatedAt: now.toISOString(), subject: email.trim().toLowerCase(), controller: 'Phuket Self Storage Co., Ltd.', ...data }, null, 2);
  const lines: string[] = [`Personal data held about ${email.trim().toLowerCase()}`, `Prepared ${fmt(now)} by Phuket Self Storage Co., Ltd.`, ''];
  for (const c of data.customers) {
    lines.push(`Customer record: ${c.firstName} ${c.lastName}`.trim(), `  email ${c.email}, phone ${c.phone}${c.whatsapp ? `, WhatsApp ${c.whatsapp}` : ''}`, `  address ${c.address}`, `  language ${c.locale}${c.companyName ? `, company ${c.companyName}` : ''}${c.taxId ? `, tax ID ${c.taxId}` : ''}`, `  since ${fmt(c.createdAt)}`);
    if (c.noticeSeen) lines.push(`  privacy notice version ${c.noticeSeen} shown in the portal ${fmt(c.noticeSeenAt)}`);
  }
  lines.push('', `Bookings (${data.bookings.length}):`);
  for (const b of data.bookings) {
    lines.push(`- ${b.reference}: unit type ${b.unitType.code}${b.unit ? `, unit ${b.unit.number}` : ''}, ${b.status}, from ${b.startDate.toISOString().slice(0, 10)}, ${b.term}, paid by ${b.paymentMethod}`);
    lines.push(`  signed ${fmt(b.agreementSignedAt)} as "${b.agreementSignature}"${b.agreementSignedIp ? ` from ${b.agreementSignedIp}` : ''}`);
    if (b.privacyNoticeVersion) lines.push(`  privacy notice given with the booking: version ${b.privacyNoticeVersion} (${b.privacyNoticeLocale})`);
    for (const i of b.invoices) lines.push(`  invoice ${i.number}: ${baht(i.totalSatang)}, ${i.status}, issued ${fmt(i.issuedAt)}`);
    for (const p of b.payments) lines.push(`  payment ${baht(p.amountSatang)} by ${p.method}, ${p.status}${p.paidAt ? `, paid ${fmt(p.paidAt)}` : ''}`);
    for (const r of b.refunds) lines.push(`  refund ${baht(r.amountSatang)}, ${r.status}, ${fmt(r.createdAt)}`);
    for (const d of b.identityDocuments) lines.push(`  identity document: ${d.kind}, ${d.status}, uploaded ${fmt(d.uploadedAt)}${d.purgedAt ? `, file deleted ${fmt(d.purgedAt)}` : ''}`);
    for (const p of b.conditionPhotos) lines.push(`  condition photo (${p.stage}) ${fmt(p.createdAt)}${p.note ? `: ${p.note}` : ''}`);
    for (const p of b.proofs) lines.push(`  payment slip ${p.fileName}, ${p.status}, ${fmt(p.uploadedAt)}`);
    if (b.gatePinIssuedAt) lines.push(`  gate PIN issued ${fmt(b.gatePinIssuedAt)}; ${b.gateChanges.length} gate record(s)`);
    for (const n of b.notes) lines.push(`  staff note ${fmt(n.createdAt)}: ${n.text}`);
    for (const e of b.emails) lines.push(`  email "${e.subject}" ${e.status} ${fmt(e.sentAt ?? e.createdAt)}`);
  }
  lines.push('', `Other emails: ${data.emails.length}`);
  for (const e of data.emails) lines.push(`- "${e.subject}" ${e.status} ${fmt(e.sentAt ?? e.createdAt)}`);
  lines.push(`Waiting list: ${data.waitingList.length}`);
  for (const w of data.waitingList) lines.push(`- ${w.unitLabel ?? w.unitTypeId} as ${w.name}, joined ${fmt(w.createdAt)}`);
  lines.push(`Unfinished bookings (drafts): ${data.drafts.length}`);
  lines.push(`LINE: ${data.lineLinks.length ? `linked (${data.lineLinks.map((l) => l.lineUserId).join(', ')})` : 'not linked'}; ${data.lineMessages.length} message(s)`);
  lines.push(`Audit records: ${data.audit.length}`, `Requests under the PDPA: ${data.requests.length}`);
  lines.push('', 'Chat conversations are tied to a browser, not to an email: ask us with the date and we will look for yours.');
  return { json, summary: lines.join('\n') };
}

/**
 * Erasure: every booking that is over is anonymised while keeping the tax records (invoices with their buyer, credit
 * notes, payments and their slips), the customer record once none is live, and everything else keyed by the email
 * goes. A live rental is kept (the contract still needs it) and said so in the outcome. Nobody else's data is touched.
 */
export async function eraseSubject(db: Db, email: string, actor: Actor, now: Date = new Date()) {
  return db.$transaction((tx) => eraseWithin(tx, email, actor, now), ERASURE_TRANSACTION);
}

/**
 * An erasure anonymises every booking of the person: more than the client's default 20 s (lib/db/client.ts) for a
 * long-standing customer.
 */
const ERASURE_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

/** The erasure itself, in the caller's transaction: all of it or none of it, with its audit row. */
async function eraseWithin(tx: Prisma.TransactionClient, email: string, actor: Actor, now: Date) {
  const customers = await tx.customer.findMany({ where: { email: byEmail(email), anonymisedAt: null }, select: { id: true } });
  const customerIds = customers.map((c) => c.id);
  const bookings = await tx.booking.findMany({ where: { customerId: { in: customerIds }, anonymisedAt: null }, select: { id: true, customerId: true, status: true, reference: true } });
  const live = bookings.filter((b) => (LIVE as readonly string[]).includes(b.status));
  const over = bookings.filter((b) => !live.includes(b));
  for (const b of over) await anonymiseBooking(tx, b.id, now, { keepTaxRecords: true });
  let customersAnonymised = 0;
  for (const id of customerIds) if (await anonymiseCustomerIfDone(tx, id, now)) customersAnonymised++;
  const keepLink = live.length > 0;
  const deleted = {
    waitingList: (await tx.waitingListEntry.deleteMany({ where: { email: byEmail(email) } })).count,
    drafts: (await tx.bookingDraft.deleteMany({ where: { email: byEmail(email) } })).count,
    emails: (await tx.emailMessage.deleteMany({ where: { toAddress: byEmail(email), bookingId: null } })).count,
    lineLinks: keepLink ? 0 : (await tx.lineLink.deleteMany({ where: { email: byEmail(email) } })).count,
    lineMessages: keepLink ? 0 : (await tx.task.deleteMany({ where: lineTasksOf({ email }) })).count,
    signInLinks: (await tx.verificationToken.deleteMany({ where: { identifier: byEmail(email) } })).count,
  };
  const result = { bookingsAnonymised: over.length, customersAnonymised, keptLive: live.map((b) => b.reference), deleted };
  await recordAudit(tx, { actor, action: 'privacy.erase', entity: 'privacy_subject', entityId: email.trim().toLowerCase(), after: result });
  const outcome =
    `Anonymised ${result.bookingsAnonymised} booking(s) and ${result.customersAnonymised} customer record(s); deleted ${result.deleted.waitingList} waiting-list entr(ies), ${result.deleted.drafts} draft(s), ${result.deleted.emails} email copy(ies), ${result.deleted.lineLinks} LINE link(s). ` +
    `Tax invoices, credit notes and payment records are kept for their legal period (5 years after the rental ends) and then anonymised.` +
    (result.keptLive.length ? ` Kept while the rental runs: ${result.keptLive.join(', ')}.` : '');
  return { ...result, outcome };
}

/** The requests for /admin/privacy: open ones first, soonest deadline first. */
export function listPrivacyRequests(db: Db) {
  return db.privacyRequest.findMany({ orderBy: [{ status: 'asc' }, { dueAt: 'asc' }], take: 200 });
}

/**
 * An erasure request carried out: the person erased (tax records kept) and the request completed with the outcome, in
 * one transaction that first claims the open request. Two staff members pressing Erase at once: the second waits for
 * the first's claim and is refused ('closed'), so the erasure runs and is audited once.
 */
export async function carryOutErasure(db: Db, requestId: string, actor: Actor, now: Date = new Date()) {
  return db.$transaction(async (tx) => {
    const req = await tx.privacyRequest.findUniqueOrThrow({ where: { id: requestId }, select: { id: true, email: true, kind: true } });
    // Only an erasure request erases: an export or a correction request left open must not be turned into one.
    if (req.kind !== 'erasure') throw new PrivacyRequestFailure('not_erasure');
    const { count } = await tx.privacyRequest.updateMany({ where: { id: req.id, status: 'open' }, data: { status: 'completed', completedAt: now, handledBy: actor.email } });
    if (count !== 1) throw new PrivacyRequestFailure('closed');
    const result = await eraseWithin(tx, req.email, actor, now);
    await tx.privacyRequest.update({ where: { id: req.id }, data: { outcome: result.outcome }, select: { id: true } });
    await recordAudit(tx, { actor, action: 'privacy.request_completed', entity: 'privacy_request', entityId: req.id, after: { outcome: result.outcome } });
    return result;
  }, ERASURE_TRANSACTION);
}
