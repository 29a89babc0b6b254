import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import type { Quote } from '@/lib/pricing';
import { builtInRentalAgreement, getActiveLegalDocument, getRentalAgreement } from '@/lib/legal/documents';
import { sanitizeLegalHtml } from '@/lib/legal/sanitize';
import { escapeHtml } from '@/lib/legal/agreement-variables';
import { agreementTextFor, type AgreementUnit } from './agreement';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import type { CompleteDraft } from './draft';

export interface SignedAgreement {
  /** the text the customer read, with the typed signature and its time: the legal record */
  text: string;
  /** the legal document signed; null for the built-in default */
  documentId: string | null;
  /**
   * the privacy notice in force when the customer agreed (the wizard's review links it): kept on the booking so what
   * each customer was told stays known after the notice changes (docs/product-rules.md#personal-data-pdpa)
   */
  privacyNotice: { version: number; locale: string } | null;
}

/**
 * The agreement as signed: the document the wizard showed, by id, even if staff replaced it since; the built-in text
 * when the wizard showed that (no id: no document was active when it loaded), even if staff activated one since; the
 * current one only when the shown document no longer exists. Filled by the same function as the wizard's step 10, in
 * the language it was shown in (a customer may switch language between signing and sending), then the signature.
 */
export async function signedAgreement(
  db: Db,
  draft: CompleteDraft,
  /** the unit as the agreement names it, in a language */
  unitIn: (locale: Locale) => AgreementUnit,
  quote: Quote,
  locale: Locale,
  signedAt: Date,
): Promise<SignedAgreement> {
  let html: string | null = null;
  let documentId: string | null = null;
  // The wizard fills whatever document it shows in its own language (a Thai wizard may show the English document when
  // no Thai one is active), so the record is filled in that language too.
  const shownIn: Locale = draft.agreement.locale ?? locale;
  if (draft.agreement.documentId) {
    const doc = await db.legalDocument.findFirst({ where: { id: draft.agreement.documentId, type: 'rental_agreement' } });
    if (doc) {
      html = sanitizeLegalHtml(doc.content);
      documentId = doc.id;
    }
  } else {
    html = builtInRentalAgreement(shownIn).html;
  }
  if (!html) {
    const current = await getRentalAgreement(db, shownIn);
    html = current.html;
    documentId = current.id;
  }
  const filled = agreementTextFor(html, draft, unitIn(shownIn), quote, shownIn, translator(shownIn, 'booking'));
  // The time of signing as the rest of the pages write times, in the agreement's language and calendar (a Thai page
  // reads a Buddhist-era year, issue 37), in Bangkok time; the exact instant stays in the booking's own record.
  const signature = `<p><strong>${escapeHtml(draft.agreement.signature.trim())}</strong> — ${escapeHtml(formatBangkokDateTime(signedAt, shownIn))}</p>`;
  const notice = await getActiveLegalDocument(db, 'privacy_policy', locale);
  return { text: `${filled}\n${signature}`, documentId, privacyNotice: notice ? { version: notice.version, locale: notice.locale } : null };
}
