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
import type { Prisma } from '@/generated/prisma/client';
import { creditNoteOf, documentOf, loadInvoice } from '../load';
import { renderInvoicePdf } from '../pdf';
import { etaxCreditNotePdf, etaxReceiptPdf } from './pdfa';
import { ETAX_TYPE, creditNoteXml, receiptNumberOf, receiptXml, taxInvoiceXml } from './xml';

/**
 * e-Tax Invoice by Email (docs/product-rules.md#thai-money): while the `etax` setting is on, each business customer's
 * tax invoice (388, when issued), receipt (T01) or receipt/tax invoice (T03, once paid) and credit note (81) is emailed to the buyer as a PDF/A-3 that
 * carries its ETDA XML, with the Revenue Department's timestamping address in copy. Every send is an `etax_deliveries`
 * row: the XML, the message, when it went and the email service's answer. The `etax` job finds the documents due and
 * writes each row with its `etax.send` task; the task worker sends it, a failure retried with the tasks' backoff and
 * shown to staff on the invoice page.
 */
export const ETAX_SEND = taskType('etax.send', z.object({ deliveryId: z.string() }), { maxAttempts: 6 });

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
/** Invoices read at a time: the documents already sent are in the window too, so the job pages through all of it. */
const PAGE_SIZE = 200;

/**
 * Rows for the documents due, each once: a business invoice issued in the last 7 days and still open gets its tax
 * invoice (388); once paid, a receipt (T01) when its tax invoice went before, or else a receipt/tax invoice (T03), so
 * a supply never has two tax invoices; each business credit note issued in the last 7 days (81), also one that voided
 * its invoice.
 */
export async function queueEtaxDeliveries(db: Db, now: Date, { pageSize = PAGE_SIZE }: { pageSize?: number } = {}): Promise<number> {
  const settings = await getSetting(db, 'etax');
  if (!settings.enabled) return 0;
  const since = new Date(now.getTime() - WINDOW_MS);
  let queued = 0;
  // Page by (issued, id): a first page of documents all sent already must not hide the newer ones behind it (a
  // month's renewals issued on one day are more than a page).
  let after: string | undefined;
  for (;;) {
    const page = await db.invoice.findMany({
      where: {
        buyer: { path: ['type'], equals: 'business' },
        // A void invoice still has its credit notes sent: a note for the whole amount is what voids an open invoice
        // (staff's credit note, a move-out, a lapsed prepayment), and its tax invoice may have gone already.
        OR: [{ status: { not: 'void' }, OR: [{ issuedAt: { gte: since, lte: now } }, { paidAt: { gte: since, lte: now } }] }, { creditNotes: { some: { issuedAt: { gte: since, lte: now } } } }],
      },
      select: { id: true, status: true, etaxDeliveries: { select: { typeCode: true, documentNumber: true } }, creditNotes: { where: { issuedAt: { gte: since, lte: now } }, select: { id: true, number: true } } },
      take: pageSize,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      orderBy: [{ issuedAt: 'asc' }, { id: 'asc' }],
    });
    queued += await queuePage(db, page, settings, now);
    if (page.length < pageSize) return queued;
    after = page[page.length - 1].id;
  }
}

type Candidate = { id: string; status: string; etaxDeliveries: { typeCode: string; documentNumber: string }[]; creditNotes: { id: string; number: string }[] };

async function queuePage(db: Db, candidates: Candidate[], settings: { timestampEmail: string }, now: Date): Promise<number> {
  let queued = 0;
  for (const c of candidates) {
    const has = (typeCode: string, number?: string) => c.etaxDeliveries.some((d) => d.typeCode === typeCode && (!number || d.documentNumber === number));
    const invoiceDue = c.status === 'void' ? false : c.status === 'paid' ? !has(ETAX_TYPE.tax_invoice_receipt) && !has(ETAX_TYPE.receipt) : !has(ETAX_TYPE.tax_invoice);
    const notesDue = c.creditNotes.filter((n) => !has(ETAX_TYPE.credit_note, n.number));
    if (!invoiceDue && !notesDue.length) continue;
    const invoice = await loadInvoice(db, c.id);
    if (!invoice) continue;
    const doc = documentOf(invoice);
    if (!doc.isTaxInvoice || !doc.buyer) continue;
    const t = translator(doc.buyer.locale, 'etaxEmail');
    const rows: Prisma.EtaxDeliveryCreateManyInput[] = [];
    const base = { invoiceId: c.id, toAddress: doc.buyer.email, ccAddress: settings.timestampEmail };
    if (invoiceDue && c.status !== 'paid') {
      rows.push({ ...base, typeCode: ETAX_TYPE.tax_invoice, documentNumber: doc.number, xml: taxInvoiceXml(doc, { createdAt: now }), subject: t('subjectTaxInvoice', { number: doc.number, seller: doc.seller.legalName }) });
    } else if (invoiceDue && has(ETAX_TYPE.tax_invoice)) {
      const number = receiptNumberOf(doc.number);
      rows.push({ ...base, typeCode: ETAX_TYPE.receipt, documentNumber: number, xml: receiptXml(doc, { createdAt: now }), subject: t('subjectReceiptOnly', { number, invoice: doc.number, seller: doc.seller.legalName }) });
    } else if (invoiceDue) {
      rows.push({ ...base, typeCode: ETAX_TYPE.tax_invoice_receipt, documentNumber: doc.number, xml: taxInvoiceXml(doc, { createdAt: now }), subject: t('subjectReceipt', { number: doc.number, seller: doc.seller.legalName }) });
    }
    for (const n of notesDue) {
      const found = creditNoteOf(invoice, n.id);
      if (!found || !found.document.isTaxDocument) continue;
      const refund = !!found.note.providerRefundId || found.note.dedupeKey.startsWith('refund:');
      rows.push({ ...base, creditNoteId: n.id, typeCode: ETAX_TYPE.credit_note, documentNumber: n.number, xml: creditNoteXml(found.document, { createdAt: now, refund }), subject: t('subjectCreditNote', { number: n.number, invoice: doc.number, seller: doc.seller.legalName }) });
    }
    if (!rows.length) continue;
    // Each row and its send task in one transaction: a row is never left without the work that sends it.
    const created = await db.$transaction(async (tx) => {
      const made = await tx.etaxDelivery.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true } });
      for (const r of made) await enqueueTask(tx, ETAX_SEND, { deliveryId: r.id }, { dedupeKey: `etax:${r.id}` });
      return made.length;
    });
    queued += created;
  }
  return queued;
}

/** The PDF/A-3 of a queued row, rebuilt from today's document with the XML that was queued. */
async function fileOf(db: Db, row: { invoiceId: string; creditNoteId: string | null; typeCode: string; xml: string; createdAt: Date; documentNumber: string }) {
  const invoice = await loadInvoice(db, row.invoiceId);
  if (!invoice) throw new Error('invoice not found');
  const doc = documentOf(invoice);
  if (row.typeCode === ETAX_TYPE.credit_note) {
    const found = row.creditNoteId ? creditNoteOf(invoice, row.creditNoteId) : null;
    const file = found ? await etaxCreditNotePdf(found.document, row.createdAt, { refund: false, xml: row.xml }) : null;
    if (!file) throw new Error('credit note not found');
    return { doc, file };
  }
  // A tax invoice queued while open and sent after payment still prints as the tax invoice its XML says it is.
  const printed = row.typeCode === ETAX_TYPE.tax_invoice ? { ...doc, title: 'tax_invoice' as const } : doc;
  const file = row.typeCode === ETAX_TYPE.receipt ? await etaxReceiptPdf(doc, row.createdAt, row.xml) : { pdf: await renderInvoicePdf(printed, { xml: row.xml, fileName: `${row.documentNumber}.xml`, typeCode: row.typeCode, createdAt: row.createdAt }) };
  if (!file) throw new Error('receipt not available');
  return { doc, file };
}

/** Task `etax.send`: one attempt at sending a row; a failure is recorded on the row and thrown (the task retries it). */
export async function sendEtaxDelivery(db: Db, key: { deliveryId: string }, transport: EtaxTransport = defaultEtaxTransport()) {
  const row = await db.etaxDelivery.findUnique({ where: { id: key.deliveryId } });
  if (!row) return { skipped: 'gone' };
  if (row.status === 'sent') return { skipped: 'sent' };
  const attempts = row.attempts + 1;
  try {
    const { doc, file } = await fileOf(db, row);
    const t = translator(doc.buyer?.locale, 'etaxEmail');
    const text = t('body', { number: row.documentNumber, seller: doc.seller.legalName });
    const html = `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`;
    const { reply } = await transport.send({ id: row.id, from: env().EMAIL_FROM, to: row.toAddress, cc: row.ccAddress, subject: row.subject, html, text, attachment: { filename: `${row.documentNumber}.pdf`, content: file.pdf } });
    await db.etaxDelivery.update({ where: { id: row.id }, data: { status: 'sent', attempts, sentAt: new Date(), reply, lastError: null } });
    return { sent: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ etaxDeliveryId: row.id, attempts, error: message }, 'e-tax: send failed');
    await db.etaxDelivery.update({ where: { id: row.id }, data: { status: 'failed', attempts, lastError: message.slice(0, 1000) } });
    throw new Error(`e-tax: ${message}`);
  }
}
