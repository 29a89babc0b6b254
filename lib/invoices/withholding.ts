import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { dateColumn, todayInBangkok } from '@/lib/dates/bangkok';
import { certificateAmountFits } from './settlement-state';

export type RecordCertificateResult =
  | { ok: true }
  | { ok: false; error: 'not_found' | 'no_withholding' | 'already_recorded' | 'void' | 'future_date' }
  | { ok: false; error: 'amount_mismatch'; withheldSatang: number };

/**
 * Staff record the 5% withholding-tax certificate (50 ทวิ) a business customer sent for an invoice (one per invoice):
 * the invoice the customer paid net of withholding is settled by it (docs/product-rules.md#thai-money). The invoice
 * itself is not edited: the certificate is its own record, audited with the staff member. Its amount must be the
 * invoice's withholding line within a baht, and its date not after today (Bangkok).
 */
export async function recordWithholdingCertificate(
  db: Db,
  staff: Pick<StaffUser, 'id' | 'email'>,
  input: { invoiceId: string; number: string; issuedOn: string; amountSatang: number; note?: string | null },
  now: Date = new Date(),
): Promise<RecordCertificateResult> {
  return db.$transaction(async (tx) => {
    const invoice = await tx.invoice.findUnique({ where: { id: input.invoiceId }, include: { lines: { where: { kind: 'withholding_tax' } }, withholdingCertificate: true } });
    if (!invoice) return { ok: false, error: 'not_found' };
    if (!invoice.lines.length) return { ok: false, error: 'no_withholding' };
    if (invoice.status === 'void') return { ok: false, error: 'void' };
    if (invoice.withholdingCertificate) return { ok: false, error: 'already_recorded' };
    if (input.issuedOn > todayInBangkok(now)) return { ok: false, error: 'future_date' };
    const withheldSatang = -invoice.lines.reduce((a, l) => a + l.amountSatang, 0);
    if (!certificateAmountFits(withheldSatang, input.amountSatang)) return { ok: false, error: 'amount_mismatch', withheldSatang };
    const cert = await tx.withholdingCertificate.create({
      data: {
        invoiceId: invoice.id,
        number: input.number.trim(),
        issuedOn: dateColumn(input.issuedOn),
        amountSatang: input.amountSatang,
        note: input.note?.trim() || null,
        recordedById: staff.id,
        recordedByEmail: staff.email,
      },
    });
    await recordAudit(tx, { actor: staff, action: 'invoice.withholding_certificate', entity: 'invoice', entityId: invoice.id, after: { certificate: cert.number, issuedOn: input.issuedOn, amountSatang: cert.amountSatang } });
    return { ok: true };
  });
}
