import 'server-only';
import type { Db } from '@/lib/db';
import { addDaysISO, todayInBangkok } from '@/lib/dates/bangkok';
import { sendInvoiceIssued, sendInvoiceReminder } from '@/lib/invoices/emails';
import { log } from '@/lib/log';
import { REMINDER_DAYS_BEFORE } from './calendar';

/**
 * Every renewal invoice is emailed once: with a pay link, or (saved card) saying when the card will be charged (fee
 * invoices go out with their own late-fee or overlock notice). Three days before the due date, customers who pay by hand get a reminder. Each email has its own dedupe
 * key, so another run sends nothing twice.
 */
export async function sendInvoiceNotices(db: Db, now: Date): Promise<{ issued: number; reminders: number }> {
  const open = await db.invoice.findMany({
    where: { status: 'open', kind: 'renewal' },
    select: { id: true, dueAt: true, booking: { select: { customer: { select: { stripeCustomerId: true } } } } },
  });
  if (!open.length) return { issued: 0, reminders: 0 };
  const sent = new Set(
    (await db.emailMessage.findMany({ where: { dedupeKey: { in: open.flatMap((i) => [`invoice_issued:${i.id}`, `invoice_reminder:${i.id}`]) } }, select: { dedupeKey: true } })).map((e) => e.dedupeKey),
  );
  const today = todayInBangkok(now);
  let issued = 0;
  let reminders = 0;
  for (const invoice of open) {
    const autopay = Boolean(invoice.booking.customer.stripeCustomerId);
    try {
      if (!sent.has(`invoice_issued:${invoice.id}`)) {
        const r = await sendInvoiceIssued(db, invoice.id, autopay ? 'autopay' : 'pay');
        if (r && r.status !== 'duplicate') issued++;
      }
      if (!autopay && invoice.dueAt && !sent.has(`invoice_reminder:${invoice.id}`)) {
        const due = todayInBangkok(invoice.dueAt);
        if (today >= addDaysISO(due, -REMINDER_DAYS_BEFORE) && today < due) {
          const r = await sendInvoiceReminder(db, invoice.id);
          if (r && r.status !== 'duplicate') reminders++;
        }
      }
    } catch (error) {
      log.error({ err: error, invoiceId: invoice.id }, 'billing: invoice notice failed');
    }
  }
  return { issued, reminders };
}
