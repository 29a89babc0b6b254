import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { sanitizeLegalHtml } from './sanitize';
import { fillAgreementVariables } from './agreement-variables';
import { DEFAULT_AGREEMENT, DEFAULT_AGREEMENT_DATE, DEFAULT_AGREEMENT_VERSION } from './default-agreement';
import { log } from '@/lib/log';
import { withRetentionTable } from '@/lib/retention/notice-table';

export type LegalDocumentType = 'rental_agreement' | 'terms_conditions' | 'privacy_policy';

export interface ActiveLegalDocument {
  id: string;
  type: LegalDocumentType;
  locale: string;
  version: number;
  title: string;
  /** sanitized HTML; agreement variables ({{customerName}} …) still unfilled */
  html: string;
  supportsVariables: boolean;
  createdAt: Date;
}

/**
 * The newest active document of a type in the locale (English when the locale has none), sanitized.
 * null when there is none or it sanitizes to nothing: callers show their placeholder or built-in default. A failed read
 * is null too, unless `strict` (then it rejects): the rental agreement's reader (getRentalAgreement), which must
 * never pass the built-in agreement off as the active one while the database fails.
 */
export async function getActiveLegalDocument(db: Db, type: LegalDocumentType, locale: Locale, { strict = false } = {}): Promise<ActiveLegalDocument | null> {
  try {
    const docs = await db.legalDocument.findMany({
      where: { type, isActive: true, locale: { in: [locale, 'en'] } },
      orderBy: { createdAt: 'desc' },
    });
    const doc = docs.find((d) => d.locale === locale) ?? docs.find((d) => d.locale === 'en');
    if (!doc) return null;
    const clean = sanitizeLegalHtml(doc.content);
    if (!clean) return null;
    // The privacy notice's retention table comes from the code's (docs/product-rules.md#personal-data-pdpa).
    const html = doc.type === 'privacy_policy' ? withRetentionTable(clean, doc.locale === 'th' || doc.locale === 'ru' ? doc.locale : 'en') : clean;
    return { id: doc.id, type: doc.type, locale: doc.locale, version: doc.version, title: doc.title, html, supportsVariables: doc.supportsVariables, createdAt: doc.createdAt };
  } catch (error) {
    log.error({ err: error, type }, 'legal: failed to fetch legal document');
    if (strict) throw error;
    return null;
  }
}

export interface RentalAgreementText {
  /** the database document, or null for the built-in default */
  id: string | null;
  title: string;
  /** sanitized HTML; variables still unfilled */
  html: string;
  version: number;
  updatedAt: Date;
}

/**
 * The agreement customers preview and sign: the active rental_agreement document, else the built-in default
 * (docs/product-rules.md#agreement-and-business-facts). Unlike terms and privacy, it is never missing: a booking needs it.
 * A failed read rejects: the built-in text is shown and signed only when no document is active, never in its place
 * (the wizard's GET /api/agreement answers 503, a booking's record is not written, a checkout page shows its error).
 */
export async function getRentalAgreement(db: Db, locale: Locale): Promise<RentalAgreementText> {
  const doc = await getActiveLegalDocument(db, 'rental_agreement', locale, { strict: true });
  if (doc) return { id: doc.id, title: doc.title, html: doc.html, version: doc.version, updatedAt: doc.createdAt };
  return builtInRentalAgreement(locale);
}

/** The built-in agreement (lib/legal/default-agreement.ts): what is shown, and signed, while no document is active. */
export function builtInRentalAgreement(locale: Locale): RentalAgreementText {
  const builtIn = DEFAULT_AGREEMENT[locale];
  return {
    id: null,
    title: builtIn.title,
    // Sanitized like a stored document so both render through the same rules (and links get the same rel).
    html: sanitizeLegalHtml(builtIn.html) ?? '',
    version: DEFAULT_AGREEMENT_VERSION,
    updatedAt: DEFAULT_AGREEMENT_DATE,
  };
}

export interface LegalDialogText {
  title: string;
  html: string;
  version: number;
  updatedAt: Date;
}

/**
 * What a legal dialog shows: the agreement (active or built-in) with its variables as blanks to fill in, or the
 * active terms / privacy document; null means the dialog shows its contact-us placeholder.
 */
export async function getLegalDialogText(db: Db, type: LegalDocumentType, locale: Locale): Promise<LegalDialogText | null> {
  if (type === 'rental_agreement') {
    const agreement = await getRentalAgreement(db, locale);
    return { ...agreement, html: fillAgreementVariables(agreement.html, {}) };
  }
  const doc = await getActiveLegalDocument(db, type, locale);
  return doc ? { title: doc.title, html: doc.html, version: doc.version, updatedAt: doc.createdAt } : null;
}
