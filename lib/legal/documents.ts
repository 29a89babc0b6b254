import 'server-only';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { sanitizeLegalHtml } from './sanitize';

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
 * null when there is none or it sanitizes to nothing: callers show their placeholder or built-in default.
 */
export async function getActiveLegalDocument(db: Db, type: LegalDocumentType, locale: Locale): Promise<ActiveLegalDocument | null> {
  try {
    const docs = await db.legalDocument.findMany({
      where: { type, isActive: true, locale: { in: [locale, 'en'] } },
      orderBy: { createdAt: 'desc' },
    });
    const doc = docs.find((d) => d.locale === locale) ?? docs.find((d) => d.locale === 'en');
    if (!doc) return null;
    const html = sanitizeLegalHtml(doc.content);
    if (!html) return null;
    return { id: doc.id, type: doc.type, locale: doc.locale, version: doc.version, title: doc.title, html, supportsVariables: doc.supportsVariables, createdAt: doc.createdAt };
  } catch (error) {
    console.error('legal: failed to fetch legal document', error);
    return null;
  }
}
