/**
 * THE head-office-or-branch line of every tax document (tax invoice, receipt, credit note; page and PDF), for the
 * seller and for a business buyer (docs/product-rules.md#tax-branch). Thai first, then English, whatever the reader's
 * language, as a Thai accountant files them: "สำนักงานใหญ่ / Head office", "สาขาที่ 00012 / Branch 00012".
 * Any new document (credit notes, staff-issued invoices) prints the branch through this function and nothing else.
 */
import { translator } from '@/lib/i18n/translator';
import { HEAD_OFFICE } from '@/lib/validation/tax-branch';

/**
 * `branch` is the number frozen into the document: '00000' = head office, else the 5-digit branch. A business
 * document issued before branches were asked has none: it was issued to the head office, so it reads as such.
 */
export function formatTaxBranch(branch: string | null | undefined): string {
  const th = translator('th', 'invoice');
  const en = translator('en', 'invoice');
  if (!branch || branch === HEAD_OFFICE) return `${th('headOffice')} / ${en('headOffice')}`;
  return `${th('branch', { number: branch })} / ${en('branch', { number: branch })}`;
}
