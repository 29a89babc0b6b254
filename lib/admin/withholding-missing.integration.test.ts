// Certificates still missing (docs/product-rules.md#thai-money): a business invoice paid net of withholding is listed
// under its customer and the month it was paid in until its 50 ทวิ is recorded; open invoices and other months are not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFixture } from '@/lib/db/status-writes';
import { openTestDb } from '@/test/db';
import type { Db } from '@/lib/db';
import { createBooking } from '@/lib/booking/create-booking';
import { example2, TEST_NOW } from '@/test/fixtures/booking-drafts';
import { recordWithholdingCertificate } from '@/lib/invoices/withholding';
import { missingCertificates } from './withholding-missing';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => void ({ db, close } = await openTestDb()));
afterAll(async () => close());

describe('withholding-tax certificates still missing', () => {
  it('lists a paid business invoice by customer and Bangkok month until its certificate is recorded', async () => {
    const r = await createBooking(db, example2(), { locale: 'en', now: TEST_NOW, stripe: null, sendEmails: false });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const invoice = await db.invoice.findFirstOrThrow({ where: { bookingId: r.bookingId }, include: { lines: { where: { kind: 'withholding_tax' } } } });
    const withheld = -invoice.lines[0].amountSatang;
    expect(withheld).toBe(3_046_00); // DECISIONS, worked example 2
    const mine = async (filters: Parameters<typeof missingCertificates>[1]) =>
      (await missingCertificates(db, filters)).groups.flatMap((g) => g.invoices.filter((i) => i.invoiceId === invoice.id).map((i) => ({ month: g.month, company: g.company, i })));

    expect(await mine({})).toEqual([]); // still open: nothing withheld yet
    // Paid on 31 Dec 2026 at 23:30 in Bangkok (16:30 UTC): December's certificate.
    await asFixture(() => db.invoice.update({ where: { id: invoice.id }, data: { status: 'paid', paidAt: new Date('2026-12-31T16:30:00Z') } }));
    const listed = await mine({});
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ month: '2026-12', i: { number: invoice.number, withheldSatang: 3_046_00 } });
    expect(await mine({ month: '2026-12' })).toHaveLength(1);
    expect(await mine({ month: '2027-01' })).toEqual([]);
    expect(await mine({ q: invoice.number.toLowerCase() })).toHaveLength(1);
    expect(await mine({ q: 'no such customer zzz' })).toEqual([]);

    const admin = await db.user.findFirstOrThrow({ where: { role: 'admin' } });
    const ok = await recordWithholdingCertificate(db, admin, { invoiceId: invoice.id, number: '50T-0001', issuedOn: '2026-12-31', amountSatang: 3_045_57 }, new Date('2027-01-05T03:00:00Z'));
    expect(ok).toEqual({ ok: true });
    expect(await mine({})).toEqual([]);
  });
});
