import 'server-only';
import type { Db } from '@/lib/db';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { dateColumn } from '@/lib/dates/bangkok';

export type RecordCertificateResult = { ok: true } | { ok: false; error: 'not_found' | 'no_withholding' | 'already_recorded' };

/**
 * Staff record the 5% withholding-tax certificate a business customer sent for an invoice (one per invoice). The
 * invoice itself is not edited: the certificate is its own record, audited with the staff member.
 */
export async function recordWithholdingCertificate(
  db: Db,
  staff: Pick<StaffUser, 'id' | 'email'>,
  input: { invoiceId: string; number: string; issuedOn: string; amountSatang: number; note?: string | null },
): Promise<RecordCertificateResult> {
  return db.$transaction(async (tx) => {
    const invoice = await tx.invoice.findUnique({ where: { id: input.invoiceId }, include: { lines: { where: { kind: 'withholding_tax' } }, withholdingCertificate: true } });
    if (!invoice) return { ok: false, error: 'not_found' };
    if (!invoice.lines.length) return { ok: false, error: 'no_withholding' };
    if (invoice.withholdingCertificate) return { ok: false, error: 'already_recorded' };
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
