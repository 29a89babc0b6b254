import 'server-only';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { log } from '@/lib/log';
import { invoiceUrl } from '@/lib/invoices/access';
import { decryptPin } from '@/lib/gate/pin-crypto';
import { todayInBangkok } from '@/lib/dates/bangkok';
import { lineConfigFromEnv, pushLineText, type LineConfig } from '@/lib/line/client';
import { lineText } from '@/lib/line/texts';
import type { LINE_PUSH } from '@/lib/line/outbox';

type LinePush = z.infer<(typeof LINE_PUSH)['payload']>;

/**
 * The delivery of a `line.push` task (docs/product-rules.md#line-messages) that lib/line/outbox.ts queued, composed
 * from the current data of the domains it speaks of (invoices, the gate PIN) and pushed.
 */

/** LINE's X-Line-Retry-Key must be a UUID: one derived from the task, the same on every attempt. */
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

/** Why a LINE task ended without a push (kept as the task's result). */
export type LineOutcome = { sent: true; httpStatus: number } | { skipped: 'not_configured' | 'unlinked' | 'no_longer_due' };

/**
 * Task `line.push`: composes the message from the current data and pushes it. A refusal by LINE throws, so the task
 * worker retries it with the tasks' backoff (the same X-Line-Retry-Key every attempt, so LINE never shows it twice).
 */
export async function deliverLineMessage(
  db: Db,
  msg: LinePush,
  ctx: { taskId: string; attempt: number },
  config: LineConfig | null = lineConfigFromEnv(),
): Promise<LineOutcome> {
  if (!config) return { skipped: 'not_configured' };
  const link = await db.lineLink.findUnique({ where: { email: msg.email }, select: { lineUserId: true } });
  if (!link) return { skipped: 'unlinked' };
  const text = await compose(db, msg);
  if (!text) return { skipped: 'no_longer_due' };
  const r = await pushLineText(config, link.lineUserId, text, retryKey(ctx.taskId));
  // Never the text: a gate PIN message must not reach the logs.
  if (!r.ok) throw new Error(`LINE HTTP ${r.status}: ${r.error.slice(0, 500)}`);
  return { sent: true, httpStatus: r.status };
}
