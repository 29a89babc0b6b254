import 'server-only';
import type { Db } from '@/lib/db';
import { addDaysISO, bangkokMidnight, todayInBangkok } from '@/lib/dates/bangkok';
import { sendInvoiceReminder } from '@/lib/invoices/emails';
import { log } from '@/lib/log';
import { REMINDER_DAYS_BEFORE } from './calendar';

/**
 * The payment reminder of docs/product-rules.md#lifecycle ("Renewals"): a renewal invoice due within the next
 * REMINDER_DAYS_BEFORE days (from tomorrow, not on its due date) reminds a customer who pays by hand; a saved card is
 * charged on the due date instead (lib/billing/card-charges.ts). The invoice's own email is queued with the invoice
 * (lib/billing/renewals.ts). The reminder's dedupe key (`invoice_reminder:<id>`) is the one guard against sending it
 * twice: a second run, or a second server, finds it taken and sends nothing.
 */
export async function sendInvoiceReminders(db: Db, now: Date): Promise<{ reminders: number }> {
  const today = todayInBangkok(now);
  const due = await db.invoice.findMany({
    where: {
      status: 'open',
      kind: 'renewal',
      // Due dates are Bangkok midnights of the billing date; any instant of those days counts.
      dueAt: { gte: bangkokMidnight(addDaysISO(today, 1)), lt: bangkokMidnight(addDaysISO(today, REMINDER_DAYS_BEFORE + 1)) },
      booking: { customer: { stripeCustomerId: null } },
    },
  });
  let reminders = 0;
  for (const invoice of due) {
    try {
      const sent = await sendInvoiceReminder(db, invoice.id);
      if (sent && sent.status !== 'duplicate') reminders++;
    } catch (error) {
      // One customer's failure (logged for the operator) does not hold back the others' reminders.
      log.error({ err: error, invoiceId: invoice.id }, 'billing: invoice reminder failed');
    }
  }
  return { reminders };
}
