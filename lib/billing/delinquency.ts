import 'server-only';
import { recordGateChange } from '@/lib/gate/changes';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { issueInvoice } from '@/lib/invoices/issue';
import { LATE_FEE_PCT, lateFee, OVERLOCK_FEE, vatIncludedIn } from '@/lib/pricing/renewal';
import { translator } from '@/lib/i18n/translator';
import { sendDefaultNotice, sendLateFeeNotice, sendOverlockNotice } from './delinquency-emails';
import { log } from '@/lib/log';
import { bangkokMidnight, daysBetween, DEFAULT_DAY, GRACE_DAYS, OVERLOCK_DAY } from './calendar';
import { claimBooking, isUniqueViolation } from './claims';
import { transition } from '@/lib/lifecycle';

import type { Prisma } from '@/generated/prisma/client';

type Tx = Prisma.TransactionClient;

async function issueFee(tx: Tx, booking: { id: string; locale: string }, kind: 'late' | 'overlock', rentInvoice: { id: string; number: string; lines: { kind: string; amountSatang: number }[] }, now: Date) {
  const dedupeKey = `${kind === 'late' ? 'late_fee' : 'overlock_fee'}:${rentInvoice.id}`;
  if (await tx.invoice.findUnique({ where: { dedupeKey }, select: { id: true } })) return null;
  const rent = rentInvoice.lines.filter((l) => l.kind === 'rent').reduce((a, l) => a + l.amountSatang, 0);
  const amount = kind === 'late' ? lateFee(rent) : OVERLOCK_FEE;
  if (amount <= 0) return null;
  const t = translator(booking.locale, 'invoice.lines');
  return issueInvoice(tx, {
    bookingId: booking.id,
    kind: 'fee',
    lines: [{ kind: 'fee', description: t(kind === 'late' ? 'lateFee' : 'overlockFee', { number: rentInvoice.number, percent: LATE_FEE_PCT }), quantity: 1, unitSatang: amount, amountSatang: amount }],
    vatSatang: vatIncludedIn(amount),
    issuedAt: now,
    // Fees are due when charged: they keep the arrears open until paid.
    dueAt: bangkokMidnight(todayInBangkok(now)),
    dedupeKey,
  });
}

export interface DelinquencyResult {
  lateFees: number;
  suspended: number;
  overlocked: number;
  defaulted: number;
}

/**
 * Unpaid rent, by days past the due date of the oldest open renewal: after the 10-day grace a late fee of 10% of the
 * month's rent is invoiced (once per overdue invoice) and gate access is suspended; at day 30 the unit is overlocked
 * with the 250 fee; at day 60 the rental is in default. Each step once, audited (actor: the system) and emailed.
 */
export async function applyDelinquency(db: Db, now: Date): Promise<DelinquencyResult> {
  const today = todayInBangkok(now);
  const graceStart = bangkokMidnight(today);
  graceStart.setUTCDate(graceStart.getUTCDate() - GRACE_DAYS);
  const candidates = await db.booking.findMany({
    where: { status: { in: ['confirmed', 'active'] }, delinquency: { not: 'defaulted' }, invoices: { some: { kind: 'renewal', status: 'open', dueAt: { lt: graceStart } } } },
    select: { id: true },
  });
  const result: DelinquencyResult = { lateFees: 0, suspended: 0, overlocked: 0, defaulted: 0 };
  for (const { id } of candidates) {
    const emails: (() => Promise<unknown>)[] = [];
    try {
      await db.$transaction(async (tx) => {
        if (!(await claimBooking(tx, id))) return;
        const booking = await tx.booking.findUniqueOrThrow({ where: { id } });
        const overdue = await tx.invoice.findMany({
          where: { bookingId: id, kind: 'renewal', status: 'open', dueAt: { not: null } },
          include: { lines: { select: { kind: true, amountSatang: true } } },
          orderBy: { dueAt: 'asc' },
        });
        const late = overdue.filter((i) => daysBetween(todayInBangkok(i.dueAt!), today) > GRACE_DAYS);
        if (!late.length) return;
        for (const inv of late) {
          const fee = await issueFee(tx, booking, 'late', inv, now);
          if (fee) {
            result.lateFees++;
            await recordAudit(tx, { actor: null, action: 'invoice.issue_late_fee', entity: 'invoice', entityId: fee.id, after: { number: fee.number, for: inv.number, totalSatang: fee.totalSatang } });
            const feeId = fee.id;
            emails.push(() => sendLateFeeNotice(db, feeId));
          }
        }
        const days = daysBetween(todayInBangkok(late[0].dueAt!), today);
        // Each step is a move of the lifecycle table (docs/product-rules.md#lifecycle), audited with the system as actor.
        let stage = booking.delinquency;
        if (stage === 'current') {
          await transition(tx, 'delinquency', id, 'suspend', { data: { accessSuspendedAt: now }, audit: { daysOverdue: days, invoice: late[0].number } });
          await recordGateChange(tx, id, 'suspend');
          stage = 'suspended';
          result.suspended++;
        }
        if (days >= OVERLOCK_DAY && stage === 'suspended') {
          const fee = await issueFee(tx, booking, 'overlock', late[0], now);
          await transition(tx, 'delinquency', id, 'overlock', { data: { overlockedAt: now }, audit: { daysOverdue: days, feeInvoice: fee?.number ?? null } });
          stage = 'overlocked';
          result.overlocked++;
          const feeId = fee?.id ?? null;
          emails.push(() => sendOverlockNotice(db, id, feeId));
        }
        if (days >= DEFAULT_DAY && stage === 'overlocked') {
          await transition(tx, 'delinquency', id, 'default', { data: { defaultedAt: now }, audit: { daysOverdue: days } });
          stage = 'defaulted';
          result.defaulted++;
          emails.push(() => sendDefaultNotice(db, id));
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      continue;
    }
    for (const send of emails) await send().catch((e) => log.error({ err: e, bookingId: id }, 'billing: delinquency email failed'));
  }
  return result;
}
