import 'server-only';
import type { Prisma } from '@/generated/prisma/client';
import type { Db } from '@/lib/db';
import { purgeIdentityDocuments } from '@/lib/identity/documents';
import { purgeExpiredRateLimits } from '@/lib/rate-limit';
import { purgeUnattachedProofs } from '@/lib/payments/proofs/proof-store';
import { PORTAL_SIGN_IN_LINK } from '@/lib/portal/sign-in-link';
import { anonymiseBooking, anonymiseCustomerIfDone } from './anonymise';
import { RETENTION, retentionCutoff, type RetentionKind, type RetentionRule } from '@/lib/retention/table';

/**
 * Enforcement of the retention table (lib/retention/table.ts; docs/product-rules.md#personal-data-pdpa): one function
 * per kind, each working out what is past its period as of `now` from the table's cutoff. Each run handles at most
 * BATCH rows of a kind (a nightly job; a backlog drains over the following nights) and is safe to run twice.
 */
const BATCH = 500;

/**
 * A booking whose rental (or hold) ended before `cutoff`: moved out, cancelled, or a hold that lapsed (its expiry; the
 * last change for an older row without one).
 */
export function endedBefore(cutoff: Date): Prisma.BookingWhereInput {
  return {
    OR: [
      { status: 'ended', endedAt: { lt: cutoff } },
      { status: 'cancelled', cancelledAt: { lt: cutoff } },
      { status: 'expired', holdExpiresAt: { lt: cutoff } },
      { status: 'expired', holdExpiresAt: null, updatedAt: { lt: cutoff } },
    ],
  };
}

/** A booking that never became a rental: nobody moved in and no invoice was paid (so there is no tax record). */
const UNCONVERTED: Prisma.BookingWhereInput = { status: { in: ['cancelled', 'expired'] }, movedInAt: null, invoices: { none: { status: 'paid' } }, payments: { none: { status: { in: ['paid', 'refunded'] } } } };

async function anonymiseBookings(db: Db, where: Prisma.BookingWhereInput, now: Date) {
  const due = await db.booking.findMany({ where: { AND: [where, { anonymisedAt: null }] }, select: { id: true, customerId: true }, take: BATCH });
  let customers = 0;
  for (const b of due) {
    await db.$transaction(async (tx) => {
      await anonymiseBooking(tx, b.id, now, { keepTaxRecords: false });
      if (await anonymiseCustomerIfDone(tx, b.customerId, now)) customers++;
    });
  }
  return { bookings: due.length, customers };
}

type Enforcer = (db: Db, now: Date, cutoff: Date) => Promise<Record<string, number>>;

const ENFORCERS: Record<Exclude<RetentionKind, 'cctv'>, Enforcer> = {
  rental_records: async (db, now, cutoff) => {
    const r = await anonymiseBookings(db, { AND: [endedBefore(cutoff), { NOT: UNCONVERTED }] }, now);
    return { rentalsAnonymised: r.bookings, customersAnonymised: r.customers };
  },
  unconverted_bookings: async (db, now, cutoff) => {
    const r = await anonymiseBookings(db, { AND: [endedBefore(cutoff), UNCONVERTED] }, now);
    return { bookingsAnonymised: r.bookings, customersAnonymised: r.customers };
  },
  identity_files: async (db, now) => purgeIdentityDocuments(db, now),
  condition_photos: async (db, _now, cutoff) => {
    const photos = await db.conditionPhoto.findMany({ where: { booking: endedBefore(cutoff) }, select: { id: true, storageKey: true }, take: BATCH });
    if (!photos.length) return { conditionPhotosDeleted: 0 };
    await db.$transaction([db.storedFile.deleteMany({ where: { key: { in: photos.map((p) => p.storageKey) } } }), db.conditionPhoto.deleteMany({ where: { id: { in: photos.map((p) => p.id) } } })]);
    return { conditionPhotosDeleted: photos.length };
  },
  gate_records: async (db, _now, cutoff) => {
    const bookings = await db.booking.findMany({
      where: { AND: [endedBefore(cutoff), { OR: [{ gateChanges: { some: {} } }, { gatePinCipher: { not: null } }] }] },
      select: { id: true },
      take: BATCH,
    });
    const ids = bookings.map((b) => b.id);
    if (!ids.length) return { gateRecordsDeleted: 0 };
    await db.$transaction([db.gateChange.deleteMany({ where: { bookingId: { in: ids } } }), db.booking.updateMany({ where: { id: { in: ids } }, data: { gatePinCipher: null, gatePinHash: null } })]);
    return { gateRecordsDeleted: ids.length };
  },
  chats: async (db, _now, cutoff) => ({ chatsDeleted: (await db.chatConversation.deleteMany({ where: { lastMessageAt: { lt: cutoff } } })).count }),
  waiting_list: async (db, now, cutoff) => ({
    // An entry holding a live 24-hour offer keeps it until the offer ends.
    waitingListDeleted: (await db.waitingListEntry.deleteMany({ where: { createdAt: { lt: cutoff }, offers: { none: { status: 'offered', expiresAt: { gt: now } } } } })).count,
  }),
  drafts: async (db, _now, cutoff) => ({ draftsDeleted: (await db.bookingDraft.deleteMany({ where: { updatedAt: { lt: cutoff } } })).count }),
  message_copies: async (db, _now, cutoff) => ({
    emailCopiesDeleted: (await db.emailMessage.deleteMany({ where: { status: { not: 'pending' }, OR: [{ sentAt: { lt: cutoff } }, { sentAt: null, createdAt: { lt: cutoff } }] } })).count,
    // Finished deferred work (a LINE message's record, a delivered task of any kind); dead ones wait for a person.
    lineCopiesDeleted: (await db.task.deleteMany({ where: { status: 'succeeded', finishedAt: { lt: cutoff } } })).count,
  }),
  line_links: async (db, _now, cutoff) => {
    const links = await db.lineLink.findMany({ where: { linkedAt: { lt: cutoff } }, select: { id: true, email: true }, take: BATCH });
    const gone: string[] = [];
    for (const l of links) {
      // Kept while any rental of that email is live or ended within the period.
      const current = await db.booking.count({ where: { customer: { email: { equals: l.email, mode: 'insensitive' } }, NOT: endedBefore(cutoff) } });
      if (!current) gone.push(l.id);
    }
    return { lineLinksDeleted: gone.length ? (await db.lineLink.deleteMany({ where: { id: { in: gone } } })).count : 0 };
  },
  one_time_codes: async (db, _now, cutoff) => ({
    signInLinksDeleted: (await db.verificationToken.deleteMany({ where: { expires: { lt: cutoff } } })).count,
    lineCodesDeleted: (await db.lineLinkCode.deleteMany({ where: { expiresAt: { lt: cutoff } } })).count,
    // A sign-in request is queued as a task holding the address typed in, known or not: it goes with the links.
    signInRequestsDeleted: (await db.task.deleteMany({ where: { type: PORTAL_SIGN_IN_LINK.type, status: { in: ['succeeded', 'dead'] }, finishedAt: { lt: cutoff } } })).count,
  }),
  unattached_uploads: async (db, now) => purgeUnattachedProofs(db, now),
  rate_limits: async (db, _now, cutoff) => purgeExpiredRateLimits(db, cutoff),
  consent_records: async (db, _now, cutoff) => ({ consentRecordsDeleted: (await db.consentRecord.deleteMany({ where: { createdAt: { lt: cutoff } } })).count }),
  privacy_requests: async (db, _now, cutoff) => ({
    privacyRequestsDeleted: (await db.privacyRequest.deleteMany({ where: { status: { not: 'open' }, completedAt: { lt: cutoff } } })).count,
  }),
  breach_records: async (db, _now, cutoff) => {
    const ids = (await db.privacyBreach.findMany({ where: { closedAt: { lt: cutoff } }, select: { id: true }, take: BATCH })).map((b) => b.id);
    if (!ids.length) return { breachRecordsDeleted: 0 };
    // The steps' foreign key refuses deleting a case with steps (the log only grows while the case lives): steps first.
    await db.$transaction([db.privacyBreachStep.deleteMany({ where: { breachId: { in: ids } } }), db.privacyBreach.deleteMany({ where: { id: { in: ids } } })]);
    return { breachRecordsDeleted: ids.length };
  },
  audit_log: async (db, _now, cutoff) => ({ auditRowsDeleted: (await db.auditLog.deleteMany({ where: { createdAt: { lt: cutoff } } })).count }),
};

/**
 * Runs every row of the table that `job` enforces, as of `now`. Bookings are anonymised after the shorter periods ran,
 * so the last thing to go is the record that ties the rest together.
 */
export async function enforceRetention(db: Db, now: Date, job: RetentionRule['enforcedBy'] = 'retention'): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const rules = RETENTION.filter((r) => r.enforcedBy === job && r.kind !== 'cctv');
  const ordered = [...rules.filter((r) => r.action === 'delete'), ...rules.filter((r) => r.action === 'anonymise')];
  for (const r of ordered) {
    Object.assign(out, await ENFORCERS[r.kind as Exclude<RetentionKind, 'cctv'>](db, now, retentionCutoff(r.kind, now)));
  }
  return out;
}
