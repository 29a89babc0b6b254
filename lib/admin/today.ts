import 'server-only';
import type { Db } from '@/lib/db';
import { addDaysISO, bangkokMidnight, dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { paymentsToCheck } from '@/lib/payments/to-check';
import { noUnitDecisionDue, paidWithoutUnit } from '@/lib/booking/no-unit';
import { waitingWithoutFreeUnit } from '@/lib/staff-alerts';
import { FIRST_PAYMENT_TO_VERIFY, cashDueTodayWhere } from '@/lib/lifecycle/work-queues';

/**
 * The counter's day on one screen (docs/product-rules.md#today): every piece of work due today or left over from
 * before, oldest first, each with the booking it belongs to and the next thing to do there.
 */
/** noUnit: money came or is coming for a booking that holds no unit while none of its type is free (docs/product-rules.md#inventory). */
/** privacy: a personal-data request still open within PRIVACY_DUE_SOON_DAYS of its deadline, or past it. */
export type TodayKind = 'moveIn' | 'cash' | 'slip' | 'identity' | 'moveOut' | 'overlock' | 'unlock' | 'chat' | 'noUnit' | 'privacy';

/** What the item asks staff to do next (a text key of staffTools.today.next). */
export type TodayAction = 'takePayment' | 'assignUnit' | 'handOver' | 'collectCash' | 'checkSlip' | 'inspectMoveOut' | 'putOverlock' | 'removeOverlock' | 'reply' | 'checkId' | 'assignOrRefund' | 'freeUnitOrCancel' | 'answerRequest';

export interface TodayItem {
  key: string;
  kind: TodayKind;
  /** when it became due or arrived; null for what is simply due today (a move-in or move-out day) */
  at: Date | null;
  /** the Bangkok day it belongs to, for items without a time */
  day: string | null;
  href: string;
  next: TodayAction;
  reference?: string;
  customer?: string;
  phone?: string;
  unit?: string | null;
  amountSatang?: number;
  /** the move-in checklist (docs/product-rules.md#identity-and-gate-access, #condition-photos) */
  checklist?: { idSeen: boolean; paymentIn: boolean; unitAssigned: boolean; pinSet: boolean; photosTaken: boolean };
  text?: string;
  /** by when staff promised the customer a unit or a refund (a noUnit item paid other than by card); a privacy request's deadline */
  dueAt?: Date;
}


const customerName = (c: { firstName: string; lastName: string; companyName?: string | null }) => (c.companyName ? `${c.firstName} ${c.lastName} · ${c.companyName}` : `${c.firstName} ${c.lastName}`);

export async function todayItems(db: Db, now = new Date()): Promise<{ today: string; items: TodayItem[] }> {
  const today = todayInBangkok(now);
  const startOfToday = bangkokMidnight(today);
  const endOfToday = bangkokMidnight(addDaysISO(today, 1));
  const customer = { select: { firstName: true, lastName: true, companyName: true, phone: true } } as const;

  const [moveIns, cash, bookingSlips, invoiceSlips, moveOuts, overlocks, restores, chats, ids] = await Promise.all([
    // Move-ins due today, and any confirmed one whose day has passed without the hand-over.
    db.booking.findMany({
      where: { movedInAt: null, OR: [{ status: { in: ['reserved', 'confirmed'] }, startDate: dateColumn(today) }, { status: 'confirmed', startDate: { lt: dateColumn(today) } }] },
      orderBy: [{ startDate: 'asc' }, { createdAt: 'asc' }],
      take: 100,
      select: {
        id: true,
        reference: true,
        status: true,
        paymentStatus: true,
        startDate: true,
        unitId: true,
        identityVerifiedAt: true,
        gatePinCipher: true,
        customer,
        unit: { select: { number: true } },
        heldUnit: { select: { number: true } },
        _count: { select: { conditionPhotos: { where: { stage: 'move_in' } } } },
      },
    }),
    // Cash promised at the counter: the hold runs out today (or already has, if the job has not caught up).
    db.booking.findMany({
      where: cashDueTodayWhere(now),
      orderBy: { holdExpiresAt: 'asc' },
      take: 100,
      select: { id: true, reference: true, holdExpiresAt: true, totalDueToday: true, customer, heldUnit: { select: { number: true } } },
    }),
    // First payments by transfer or crypto waiting for their check, on the booking itself.
    db.booking.findMany({
      where: FIRST_PAYMENT_TO_VERIFY,
      orderBy: { updatedAt: 'asc' },
      take: 100,
      select: { id: true, reference: true, totalDueToday: true, updatedAt: true, customer, heldUnit: { select: { number: true } }, proofs: { orderBy: { uploadedAt: 'asc' }, take: 1, select: { uploadedAt: true } } },
    }),
    // Slips for later invoices, from the payments queue.
    paymentsToCheck(db, 100),
    db.booking.findMany({
      where: { status: { in: ['confirmed', 'active'] }, moveOutDate: { not: null, lte: dateColumn(today) } },
      orderBy: { moveOutDate: 'asc' },
      take: 100,
      select: { id: true, reference: true, moveOutDate: true, customer, unit: { select: { number: true } }, heldUnit: { select: { number: true } } },
    }),
    // Overlocked by the billing job today: the lock goes on the door.
    db.booking.findMany({
      where: { delinquency: 'overlocked', overlockedAt: { gte: startOfToday, lt: endOfToday } },
      orderBy: { overlockedAt: 'asc' },
      take: 100,
      select: { id: true, reference: true, overlockedAt: true, customer, unit: { select: { number: true } }, heldUnit: { select: { number: true } } },
    }),
    // Arrears paid today on an overlocked unit: the lock comes off (lib/payments/ledger/settle.ts notes it on the restore).
    db.auditLog.findMany({
      where: { action: 'delinquency.restore', entity: 'booking', createdAt: { gte: startOfToday, lt: endOfToday } },
      orderBy: { createdAt: 'asc' },
      take: 100,
      select: { entityId: true, createdAt: true, data: true },
    }),
    // Chats where the visitor wrote last and nobody has answered.
    db.chatConversation.findMany({
      where: { status: { not: 'closed' } },
      orderBy: { lastMessageAt: 'asc' },
      take: 200,
      select: { id: true, status: true, lastMessageAt: true, messages: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { senderType: true, text: true, createdAt: true } } },
    }),
    // Identity documents waiting for their check (a selfie goes with its document), of rentals still to come or running.
    db.identityDocument.findMany({
      where: { status: 'pending', kind: { not: 'selfie' }, storageKey: { not: null }, booking: { identityVerifiedAt: null, status: { in: ['reserved', 'confirmed', 'active'] } } },
      orderBy: { uploadedAt: 'asc' },
      take: 100,
      select: { id: true, kind: true, uploadedAt: true, booking: { select: { id: true, reference: true, customer, unit: { select: { number: true } }, heldUnit: { select: { number: true } } } } },
    }),
  ]);

  const [noUnitItems, privacyItems] = await Promise.all([noUnitTodayItems(db), privacyTodayItems(db, now)]);

  const unlockIds = restores
    .filter((r) => (r.data as { before?: unknown; after?: { overlockedAt?: string | null } } | null)?.after?.overlockedAt)
    .map((r) => r.entityId)
    .filter((id): id is string => Boolean(id));
  const unlocked = unlockIds.length
    ? await db.booking.findMany({ where: { id: { in: unlockIds } }, select: { id: true, reference: true, customer, unit: { select: { number: true } }, heldUnit: { select: { number: true } } } })
    : [];

  const items: TodayItem[] = [];
  for (const b of moveIns) {
    const unit = b.heldUnit ?? b.unit;
    const checklist = {
      idSeen: Boolean(b.identityVerifiedAt),
      paymentIn: b.paymentStatus === 'paid',
      unitAssigned: Boolean(unit),
      pinSet: Boolean(b.gatePinCipher),
      photosTaken: b._count.conditionPhotos > 0,
    };
    items.push({
      key: `moveIn:${b.id}`,
      kind: 'moveIn',
      at: null,
      day: b.startDate.toISOString().slice(0, 10),
      href: `/admin/booking-review/${b.id}`,
      next: !checklist.paymentIn ? 'takePayment' : !checklist.unitAssigned ? 'assignUnit' : 'handOver',
      reference: b.reference,
      customer: customerName(b.customer),
      phone: b.customer.phone,
      unit: unit?.number ?? null,
      checklist,
    });
  }
  for (const b of cash) {
    items.push({ key: `cash:${b.id}`, kind: 'cash', at: b.holdExpiresAt, day: null, href: `/admin/booking-review/${b.id}`, next: 'collectCash', reference: b.reference, customer: customerName(b.customer), phone: b.customer.phone, unit: b.heldUnit?.number ?? null, amountSatang: b.totalDueToday });
  }
  const queued = new Set(invoiceSlips.map((p) => p.booking.id));
  for (const b of bookingSlips) {
    if (queued.has(b.id)) continue;
    items.push({ key: `slip:${b.id}`, kind: 'slip', at: b.proofs[0]?.uploadedAt ?? b.updatedAt, day: null, href: `/admin/booking-review/${b.id}`, next: 'checkSlip', reference: b.reference, customer: customerName(b.customer), phone: b.customer.phone, unit: b.heldUnit?.number ?? null, amountSatang: b.totalDueToday });
  }
  for (const p of invoiceSlips) {
    // A first payment is checked on its booking (it confirms it); a later invoice's in the payments queue.
    const href = p.booking.status === 'reserved' ? `/admin/booking-review/${p.booking.id}` : `/admin/payments#payment-${p.id}`;
    items.push({ key: `payment:${p.id}`, kind: 'slip', at: p.proofs[0]?.uploadedAt ?? p.createdAt, day: null, href, next: 'checkSlip', reference: p.booking.reference, customer: customerName(p.booking.customer), amountSatang: p.amountSatang, text: p.invoice?.number });
  }
  const idSeen = new Set<string>();
  for (const d of ids) {
    // One item per booking: its oldest document waiting (the review shows them all).
    if (idSeen.has(d.booking.id)) continue;
    idSeen.add(d.booking.id);
    const b = d.booking;
    items.push({ key: `identity:${b.id}`, kind: 'identity', at: d.uploadedAt, day: null, href: `/admin/booking-review/${b.id}#identity`, next: 'checkId', reference: b.reference, customer: customerName(b.customer), phone: b.customer.phone, unit: (b.heldUnit ?? b.unit)?.number ?? null, text: d.kind });
  }
  for (const b of moveOuts) {
    items.push({ key: `moveOut:${b.id}`, kind: 'moveOut', at: null, day: b.moveOutDate!.toISOString().slice(0, 10), href: `/admin/booking-review/${b.id}`, next: 'inspectMoveOut', reference: b.reference, customer: customerName(b.customer), phone: b.customer.phone, unit: (b.heldUnit ?? b.unit)?.number ?? null });
  }
  for (const b of overlocks) {
    items.push({ key: `overlock:${b.id}`, kind: 'overlock', at: b.overlockedAt, day: null, href: `/admin/booking-review/${b.id}`, next: 'putOverlock', reference: b.reference, customer: customerName(b.customer), phone: b.customer.phone, unit: (b.heldUnit ?? b.unit)?.number ?? null });
  }
  for (const b of unlocked) {
    const at = restores.find((r) => r.entityId === b.id)?.createdAt ?? null;
    items.push({ key: `unlock:${b.id}`, kind: 'unlock', at, day: null, href: `/admin/booking-review/${b.id}`, next: 'removeOverlock', reference: b.reference, customer: customerName(b.customer), phone: b.customer.phone, unit: (b.heldUnit ?? b.unit)?.number ?? null });
  }
  for (const c of chats) {
    const last = c.messages[0];
    if (!last || last.senderType !== 'user') continue;
    items.push({ key: `chat:${c.id}`, kind: 'chat', at: last.createdAt, day: null, href: `/admin/conversations/${c.id}`, next: 'reply', text: last.text.slice(0, 140) });
  }

  items.push(...noUnitItems, ...privacyItems);

  // Time order: what has waited longest first; a day's move-ins and move-outs sit at the start of their day.
  const time = (i: TodayItem) => (i.at ? i.at.getTime() : bangkokMidnight(i.day ?? today).getTime());
  const rank: Record<TodayKind, number> = { noUnit: 0, moveIn: 1, moveOut: 2, cash: 3, overlock: 4, unlock: 5, slip: 6, identity: 7, chat: 8, privacy: 9 };
  items.sort((a, b) => time(a) - time(b) || rank[a.kind] - rank[b.kind]);
  return { today, items };
}

/** How close to its deadline an open personal-data request comes onto Today (the list on /admin/privacy has them all). */
export const PRIVACY_DUE_SOON_DAYS = 7;

/**
 * Personal-data requests still open whose 30-day deadline is at most PRIVACY_DUE_SOON_DAYS away, or past
 * (docs/product-rules.md#personal-data-pdpa): placed at their deadline, so the nearest one comes first.
 */
async function privacyTodayItems(db: Db, now: Date): Promise<TodayItem[]> {
  const rows = await db.privacyRequest.findMany({
    where: { status: 'open', dueAt: { lte: new Date(now.getTime() + PRIVACY_DUE_SOON_DAYS * 86_400_000) } },
    orderBy: { dueAt: 'asc' },
    take: 100,
    select: { id: true, email: true, kind: true, dueAt: true },
  });
  return rows.map((r) => ({ key: `privacy:${r.id}`, kind: 'privacy' as const, at: r.dueAt, day: null, href: '/admin/privacy', next: 'answerRequest' as const, customer: r.email, text: r.kind, dueAt: r.dueAt }));
}

/**
 * Bookings without a unit that need staff (docs/product-rules.md#inventory): paid when none of their type was free (a
 * unit to give or a refund to make, by the time the customer was told), and those whose money is on its way while
 * every unit is taken (staff cannot take it: a unit to free or the booking to cancel).
 */
async function noUnitTodayItems(db: Db): Promise<TodayItem[]> {
  const customer = { select: { firstName: true, lastName: true, companyName: true, phone: true } } as const;
  const waitingIds = (await waitingWithoutFreeUnit(db)).map((r) => r.id);
  const rows = await db.booking.findMany({
    where: { OR: [{ status: 'reserved', unitId: null, paymentStatus: { in: ['paid', 'refunded'] } }, { id: { in: waitingIds } }] },
    orderBy: { createdAt: 'asc' },
    take: 100,
    select: { id: true, reference: true, status: true, paymentStatus: true, paymentMethod: true, unitId: true, totalDueToday: true, createdAt: true, customer, payments: { where: { paidAt: { not: null } }, orderBy: { paidAt: 'desc' }, take: 1, select: { paidAt: true } } },
  });
  return rows.map((b) => {
    const refund = paidWithoutUnit(b);
    const paidAt = b.payments[0]?.paidAt ?? null;
    return {
      key: `noUnit:${b.id}`,
      kind: 'noUnit' as const,
      at: paidAt ?? b.createdAt,
      day: null,
      href: `/admin/booking-review/${b.id}`,
      next: refund ? ('assignOrRefund' as const) : ('freeUnitOrCancel' as const),
      reference: b.reference,
      customer: customerName(b.customer),
      phone: b.customer.phone,
      unit: null,
      amountSatang: b.totalDueToday,
      text: refund ?? 'waiting',
      ...(refund === 'staff' && paidAt ? { dueAt: noUnitDecisionDue(paidAt) } : {}),
    };
  });
}
