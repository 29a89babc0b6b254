// e-Tax Invoice by Email (docs/product-rules.md#thai-money): off by default; switched on, a business customer's tax
// invoice goes to the buyer with the timestamping address in copy, as a PDF/A-3 carrying its XML; a failed send is
// kept with its error and retried; the message, its time and the service's reply stay with the document.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFixture } from '@/lib/db/status-writes';
import { openTestDb } from '@/test/db';
import { resetEnvForTests, setEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { validateEtaxXml } from '@/test/etax-xsd';
import { ETAX_SEND, queueEtaxDeliveries, sendEtaxDelivery, type EtaxTransport } from './send';
import { handle, registry, runDueTasks } from '@/lib/platform/tasks/worker';
import { runTasks } from '@/lib/jobs/tasks';
import { issueCreditNote } from '../credit-notes';
import { issueStaffCreditNote } from '@/lib/billing/staff-documents';

let db: Db;
let close: () => Promise<void>;
let tmp: string;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pss-etax-'));
  setEnvForTests({ EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'), UPLOAD_DIR: path.join(tmp, 'uploads'), RESEND_API_KEY: undefined });
});
afterAll(async () => {
  resetEnvForTests();
  await close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const LATER = new Date(TEST_NOW.getTime() + 10 * 60_000);

describe('e-Tax Invoice by Email', () => {
  it('is off by default; on, the tax invoice goes to the buyer with the timestamping address in copy; a failure is retried', async () => {
    const r = await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    expect(await queueEtaxDeliveries(db, LATER)).toBe(0);

    await db.setting.upsert({ where: { key: 'etax' }, create: { key: 'etax', value: { enabled: true } }, update: { value: { enabled: true } } });
    expect(await queueEtaxDeliveries(db, LATER)).toBe(1);
    expect(await queueEtaxDeliveries(db, LATER)).toBe(0); // once per document
    const row = await db.etaxDelivery.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(row).toMatchObject({ typeCode: '388', documentNumber: invoice.number, ccAddress: 'csemail@etax.teda.th', status: 'pending' });
    expect((await validateEtaxXml(row.xml, 'taxInvoice')).valid).toBe(true);

    // The email service is down: kept as failed with the error, retried later.
    const down: EtaxTransport = { name: 'down', send: async () => Promise.reject(new Error('connect ECONNREFUSED')) };
    const whileDown = registry([handle(ETAX_SEND, (d, key) => sendEtaxDelivery(d, key, down))]);
    expect(await runDueTasks(db, whileDown, { types: ['etax.send'] })).toMatchObject({ claimed: 1, retried: 1 });
    const failed = await db.etaxDelivery.findUniqueOrThrow({ where: { id: row.id } });
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'connect ECONNREFUSED' });
    expect((await runDueTasks(db, whileDown, { types: ['etax.send'] })).claimed).toBe(0); // not before its retry time

    // Later, through the outbox (no email service configured): the PDF/A-3 lands beside the message.
    const task = await db.task.findUniqueOrThrow({ where: { dedupeKey: `etax:${row.id}` } });
    expect(task).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await runTasks(db, { now: new Date(task.runAt.getTime() + 1000), types: ['etax.send'] })).toMatchObject({ claimed: 1, succeeded: 1 });
    const sent = await db.etaxDelivery.findUniqueOrThrow({ where: { id: row.id } });
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.reply).toMatch(/^outbox .*\.json$/);
    const outbox = path.join(tmp, 'outbox');
    const meta = JSON.parse(fs.readFileSync(path.join(outbox, sent.reply!.replace('outbox ', '')), 'utf8')) as { to: string; cc: string; subject: string; attachments: string[] };
    expect(meta).toMatchObject({ to: row.toAddress, cc: 'csemail@etax.teda.th' });
    expect(meta.subject).toContain(invoice.number);
    const pdf = fs.readFileSync(path.join(outbox, meta.attachments[0]));
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
    const attachments = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
    await doc.destroy();
    expect(Buffer.from(Object.values(attachments)[0].content).toString('utf8')).toBe(row.xml);
  });
  it('once paid, the invoice whose tax invoice went gets a receipt (T01), never a second tax invoice; a credit note goes as 81', async () => {
    const r = await createBooking(db, example2(), { locale: 'th', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    expect(await queueEtaxDeliveries(db, LATER)).toBe(1); // its 388
    const paidAt = new Date(LATER.getTime() + 60_000);
    await asFixture(() => db.invoice.update({ where: { id: invoice.id }, data: { status: 'paid', paidAt } }));
    const note = await db.$transaction((tx) => issueCreditNote(tx, { invoiceId: invoice.id, amountSatang: 1_070_00, reason: 'Price difference after a unit move', dedupeKey: `test:${invoice.id}`, issuedAt: paidAt }));
    const AFTER = new Date(paidAt.getTime() + 60_000);
    expect(await queueEtaxDeliveries(db, AFTER)).toBe(2); // the receipt and the credit note
    expect(await queueEtaxDeliveries(db, AFTER)).toBe(0);
    const rows = await db.etaxDelivery.findMany({ where: { invoiceId: invoice.id }, orderBy: { typeCode: 'asc' } });
    expect(rows.map((x) => x.typeCode).sort()).toEqual(['388', '81', 'T01']);
    const receipt = rows.find((x) => x.typeCode === 'T01')!;
    expect(receipt.documentNumber).toBe(invoice.number.replace('INV-', 'RC-'));
    expect(receipt.subject).toContain(invoice.number); // Thai subject naming the tax invoice
    expect((await validateEtaxXml(receipt.xml, 'receipt')).errors).toEqual([]);
    const credit = rows.find((x) => x.typeCode === '81')!;
    expect(credit).toMatchObject({ documentNumber: note.note!.number, creditNoteId: note.note!.id });
    expect((await validateEtaxXml(credit.xml, 'creditNote')).errors).toEqual([]);

    const seen: { subject: string; filename: string; pdf: Buffer }[] = [];
    const capture: EtaxTransport = { name: 'capture', send: async (m) => (seen.push({ subject: m.subject, filename: m.attachment.filename, pdf: m.attachment.content }), { reply: `ok ${m.id}` }) };
    // The first test's document is sent already: only this invoice's three wait, each sent by its own task.
    const viaCapture = registry([handle(ETAX_SEND, (d, key) => sendEtaxDelivery(d, key, capture))]);
    expect(await runDueTasks(db, viaCapture, { types: ['etax.send'] })).toMatchObject({ claimed: 3, succeeded: 3 });
    expect(seen.map((m) => m.filename).sort()).toEqual([`${invoice.number}.pdf`, `${note.note!.number}.pdf`, `${receipt.documentNumber}.pdf`].sort());
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    for (const m of seen) {
      const doc = await pdfjs.getDocument({ data: new Uint8Array(m.pdf), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
      const attachments = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
      await doc.destroy();
      const row = rows.find((x) => `${x.documentNumber}.pdf` === m.filename)!;
      expect(Buffer.from(Object.values(attachments)[0].content).toString('utf8')).toBe(row.xml);
    }
  });
  it('a credit note that voids an invoice whose tax invoice went is sent as 81 too, and nothing else for the void invoice', async () => {
    const r = await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId } });
    expect(await queueEtaxDeliveries(db, LATER)).toBe(1); // its 388
    // Staff waive what is due: the credit note for the whole amount voids the open invoice.
    const { note } = await issueStaffCreditNote(db, { invoiceId: invoice.id, reason: 'Booking cancelled before move-in' }, { id: 'staff-etax-1', email: 'desk@example.test' }, new Date(LATER.getTime() + 60_000));
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('void');
    const AFTER = new Date(LATER.getTime() + 120_000);
    expect(await queueEtaxDeliveries(db, AFTER)).toBe(1);
    expect(await queueEtaxDeliveries(db, AFTER)).toBe(0);
    const rows = await db.etaxDelivery.findMany({ where: { invoiceId: invoice.id }, select: { typeCode: true, documentNumber: true, creditNoteId: true, xml: true } });
    expect(rows.map((x) => x.typeCode).sort()).toEqual(['388', '81']);
    const credit = rows.find((x) => x.typeCode === '81')!;
    expect(credit).toMatchObject({ documentNumber: note.number, creditNoteId: note.id });
    expect((await validateEtaxXml(credit.xml, 'creditNote')).errors).toEqual([]);
    expect(credit.xml).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
  });
  it('pages through the week: documents sent already never hide newer ones behind a full page', async () => {
    // The first two tests' invoices are in the window and done; two new ones come after them (same issue time: the id orders them).
    const fresh: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
      if (!r.ok) throw new Error(JSON.stringify(r));
      fresh.push((await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId }, select: { id: true } })).id);
    }
    const LAST = new Date(LATER.getTime() + 10 * 60_000);
    const done = await db.invoice.count({ where: { etaxDeliveries: { some: {} } } });
    expect(done).toBeGreaterThanOrEqual(2);
    // A page of one: the old code's single read (take = page size) saw only a document already sent.
    expect(await queueEtaxDeliveries(db, LAST, { pageSize: 1 })).toBe(2);
    expect(await db.etaxDelivery.findMany({ where: { invoiceId: { in: fresh } }, select: { typeCode: true } })).toEqual([{ typeCode: '388' }, { typeCode: '388' }]);
    expect(await queueEtaxDeliveries(db, LAST, { pageSize: 1 })).toBe(0);
  });
});
