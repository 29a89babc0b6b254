import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { log } from '@/lib/log';
import { invoiceUrl } from '@/lib/invoices/access';
import { decryptPin } from '@/lib/gate/pin-crypto';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { lineConfigFromEnv, pushLineText, type LineConfig } from '@/lib/line/client';
import { lineText } from '@/lib/line/texts';
import { lineRetryDelayMs, MAX_LINE_ATTEMPTS } from '@/lib/line/outbox';

/**
 * The LINE outbox's delivery (docs/product-rules.md#line-messages): rows lib/line/outbox.ts queued, composed from the
 * current data of the domains they speak of (invoices, the gate PIN) and pushed.
 */
const LEASE_MS = 2 * 60_000;

/** LINE's X-Line-Retry-Key must be a UUID: one derived from the row, the same on every attempt. */
function retryKey(id: string): string {
  const h = crypto.createHash('sha256').update(`line-message:${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The text of a row as of now, or null when it is no longer to be sent (paid already, PIN changed, access ended). */
async function compose(db: Db, row: { kind: string; bookingId: string | null; refId: string | null }): Promise<string | null> {
  if (!row.bookingId) return null;
  const b = await db.booking.findUnique({
    where: { id: row.bookingId },
    select: { reference: true, status: true, locale: true, gatePinCipher: true, customer: { select: { locale: true } }, unit: { select: { number: true } }, heldUnit: { select: { number: true } } },
  });
  if (!b) return null;
  const locale = toLocale(b.customer.locale || b.locale);
  if (row.kind === 'gate_pin') {
    const pin = b.gatePinCipher ? decryptPin(b.gatePinCipher) : null;
    if (!pin || !['confirmed', 'active'].includes(b.status)) return null;
    return lineText(locale, { kind: 'gate_pin', pin, reference: b.reference, unit: b.heldUnit?.number ?? b.unit?.number ?? null });
  }
  if (row.kind === 'receipt') {
    const p = row.refId ? await db.payment.findUnique({ where: { id: row.refId }, select: { amountSatang: true, status: true, invoice: { select: { id: true, number: true } } } }) : null;
    if (!p?.invoice || p.status !== 'paid') return null;
    return lineText(locale, { kind: 'receipt', amountSatang: p.amountSatang, number: p.invoice.number, reference: b.reference, url: invoiceUrl(locale, p.invoice.id) });
  }
  if (row.kind === 'reminder') {
    const inv = row.refId ? await db.invoice.findUnique({ where: { id: row.refId }, select: { id: true, number: true, status: true, totalSatang: true, dueAt: true } }) : null;
    if (!inv || inv.status !== 'open' || !inv.dueAt) return null;
    return lineText(locale, { kind: 'reminder', amountSatang: inv.totalSatang, number: inv.number, dueDate: todayInBangkok(inv.dueAt), url: invoiceUrl(locale, inv.id, 'pay') });
  }
  return null;
}

/** Job `line-push`: delivers every due row, oldest first. Without configuration it does nothing. */
export async function deliverLineMessages(db: Db, now: Date = new Date(), config: LineConfig | null = lineConfigFromEnv()): Promise<Record<string, number | string>> {
  if (!config) return { skipped: 'not_configured' };
  const due = await db.lineMessage.findMany({
    where: { status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now }, attempts: { lt: MAX_LINE_ATTEMPTS } },
    orderBy: { createdAt: 'asc' },
    take: 100,
  });
  let sent = 0;
  let failed = 0;
  let skipped = 0;
  for (const row of due) {
    // Claimed for a while, so another server or run does not push it at the same time.
    const { count } = await db.lineMessage.updateMany({
      where: { id: row.id, status: { in: ['pending', 'failed'] }, nextAttemptAt: { lte: now } },
      data: { nextAttemptAt: new Date(now.getTime() + LEASE_MS) },
    });
    if (!count) continue;
    const link = await db.lineLink.findUnique({ where: { email: row.email }, select: { lineUserId: true } });
    const text = link ? await compose(db, row) : null;
    if (!link || !text) {
      skipped++;
      await db.lineMessage.update({ where: { id: row.id }, data: { status: 'skipped', lastError: link ? 'no longer due' : 'unlinked' } });
      continue;
    }
    const r = await pushLineText(config, link.lineUserId, text, retryKey(row.id));
    const attempts = row.attempts + 1;
    if (r.ok) {
      sent++;
      await db.lineMessage.update({ where: { id: row.id }, data: { status: 'sent', attempts, httpStatus: r.status, lastError: null, sentAt: new Date() } });
    } else {
      failed++;
      await db.lineMessage.update({
        where: { id: row.id },
        data: { status: 'failed', attempts, httpStatus: r.status, lastError: r.error.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + lineRetryDelayMs(attempts)) },
      });
      // Never the text: a gate PIN message must not reach the logs.
      log.warn({ lineMessage: row.id, kind: row.kind, attempts, status: r.status }, 'line: push failed');
    }
  }
  return { sent, failed, skipped };
}
