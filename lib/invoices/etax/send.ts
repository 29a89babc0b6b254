import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Resend } from 'resend';
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { getSetting } from '@/lib/settings';
import { translator } from '@/lib/i18n/translator';
import { z } from 'zod';
import { enqueueTask, taskType } from '@/lib/platform/tasks/queue';
import { documentOf, loadInvoice } from '../load';
import { renderInvoicePdf } from '../pdf';
import { ETAX_TYPE, taxInvoiceXml } from './xml';

/**
 * e-Tax Invoice by Email (docs/product-rules.md#thai-money): while the `etax` setting is on, each business customer's
 * tax invoice (388, when issued) and receipt/tax invoice (T03, once paid) is emailed to the buyer as a PDF/A-3 that
 * carries its ETDA XML, with the Revenue Department's timestamping address in copy. Every send is an `etax_deliveries`
 * row: the XML, the message, when it went and the email service's answer. The `etax` job finds the documents due and
 * writes each row with its `etax.send` task; the task worker sends it, a failure retried with the tasks' backoff and
 * shown to staff on the invoice page.
 */
export const ETAX_SEND = taskType('etax.send', z.object({ invoiceId: z.string(), typeCode: z.string() }), { maxAttempts: 6 });

export interface EtaxTransport {
  name: string;
  send(m: { id: string; from: string; to: string; cc: string; subject: string; html: string; text: string; attachment: { filename: string; content: Buffer } }): Promise<{ reply: string }>;
}

/** Resend (with the attachment and the copy) when RESEND_API_KEY is set, else the outbox folder, PDF beside the message. */
export function defaultEtaxTransport(): EtaxTransport {
  const { RESEND_API_KEY, RESEND_BASE_URL, EMAIL_OUTBOX_DIR } = env();
  if (RESEND_API_KEY) {
    const resend = new Resend(RESEND_API_KEY, { baseUrl: RESEND_BASE_URL });
    return {
      name: 'resend',
      async send(m) {
        const { data, error } = await resend.emails.send(
          { from: m.from, to: m.to, cc: m.cc, subject: m.subject, html: m.html, text: m.text, attachments: [{ filename: m.attachment.filename, content: m.attachment.content }] },
          { idempotencyKey: `etax-${m.id}` },
        );
        if (error) throw new Error(`resend: ${error.name ?? 'error'}: ${error.message}`);
        return { reply: `resend id ${data?.id ?? '?'}` };
      },
    };
  }
  return {
    name: 'outbox',
    async send(m) {
      const dir = path.resolve(/*turbopackIgnore: true*/ EMAIL_OUTBOX_DIR);
      await fs.mkdir(dir, { recursive: true });
      const base = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-etax-${m.id}`);
      await fs.writeFile(`${base}.html`, m.html);
      await fs.writeFile(`${base}.txt`, m.text);
      await fs.writeFile(`${base}-${m.attachment.filename}`, m.attachment.content);
      await fs.writeFile(`${base}.json`, JSON.stringify({ id: m.id, from: m.from, to: m.to, cc: m.cc, subject: m.subject, attachments: [path.basename(`${base}-${m.attachment.filename}`)] }, null, 2));
      return { reply: `outbox ${path.basename(base)}.json` };
    },
  };
}

const WINDOW_MS = 7 * 86_400_000;

/** Rows for the documents due: business invoices issued (388) or paid (T03) in the last 7 days that have none yet. */
export async function queueEtaxDeliveries(db: Db, now: Date): Promise<number> {
  const settings = await getSetting(db, 'etax');
  if (!settings.enabled) return 0;
  const since = new Date(now.getTime() - WINDOW_MS);
  const candidates = await db.invoice.findMany({
    where: { buyer: { path: ['type'], equals: 'business' }, status: { not: 'void' }, OR: [{ issuedAt: { gte: since, lte: now } }, { paidAt: { gte: since, lte: now } }] },
    select: { id: true, status: true, etaxDeliveries: { select: { typeCode: true } } },
    take: 200,
    orderBy: { issuedAt: 'asc' },
  });
  let queued = 0;
  for (const c of candidates) {
    const typeCode = c.status === 'paid' ? ETAX_TYPE.tax_invoice_receipt : ETAX_TYPE.tax_invoice;
    if (c.etaxDeliveries.some((d) => d.typeCode === typeCode)) continue;
    const invoice = await loadInvoice(db, c.id);
    if (!invoice) continue;
    const doc = documentOf(invoice);
    if (!doc.isTaxInvoice || !doc.buyer) continue;
    const buyer = doc.buyer;
    const t = translator(buyer.locale, 'etaxEmail');
    const created = await db.$transaction(async (tx) => {
      const rows = await tx.etaxDelivery.createMany({
        data: [
          {
            invoiceId: c.id,
            typeCode,
            documentNumber: doc.number,
            xml: taxInvoiceXml(doc, { createdAt: now }),
            toAddress: buyer.email,
            ccAddress: settings.timestampEmail,
            subject: t(typeCode === ETAX_TYPE.tax_invoice ? 'subjectTaxInvoice' : 'subjectReceipt', { number: doc.number, seller: doc.seller.legalName }),
          },
        ],
        skipDuplicates: true,
      });
      if (rows.count) await enqueueTask(tx, ETAX_SEND, { invoiceId: c.id, typeCode }, { dedupeKey: `etax:${c.id}:${typeCode}` });
      return rows;
    });
    queued += created.count;
  }
  return queued;
}

/** Task `etax.send`: one attempt at sending a document's row; a failure is recorded on the row and thrown (retried). */
export async function sendEtaxDelivery(db: Db, key: { invoiceId: string; typeCode: string }, transport: EtaxTransport = defaultEtaxTransport()) {
  const row = await db.etaxDelivery.findUnique({ where: { invoiceId_typeCode: key } });
  if (!row) return { skipped: 'gone' };
  if (row.status === 'sent') return { skipped: 'sent' };
  const attempts = row.attempts + 1;
  try {
    const invoice = await loadInvoice(db, row.invoiceId);
    if (!invoice) throw new Error('invoice not found');
    const doc = documentOf(invoice);
    const fileName = `${row.documentNumber}.xml`;
    const pdf = await renderInvoicePdf(doc, { xml: row.xml, fileName, typeCode: row.typeCode, createdAt: row.createdAt });
    const t = translator(doc.buyer?.locale, 'etaxEmail');
    const text = t('body', { number: row.documentNumber, seller: doc.seller.legalName });
    const html = `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`;
    const { reply } = await transport.send({ id: row.id, from: env().EMAIL_FROM, to: row.toAddress, cc: row.ccAddress, subject: row.subject, html, text, attachment: { filename: `${row.documentNumber}.pdf`, content: pdf } });
    await db.etaxDelivery.update({ where: { id: row.id }, data: { status: 'sent', attempts, sentAt: new Date(), reply, lastError: null } });
    return { sent: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ etaxDeliveryId: row.id, attempts, error: message }, 'e-tax: send failed');
    await db.etaxDelivery.update({ where: { id: row.id }, data: { status: 'failed', attempts, lastError: message.slice(0, 1000) } });
    throw new Error(`e-tax: ${message}`);
  }
}
