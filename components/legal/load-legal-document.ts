'use server';

import { z } from 'zod';
import { getLocale } from 'next-intl/server';
import { db } from '@/lib/db';
import { isLocale } from '@/lib/i18n/routing';
import { getActiveLegalDocument } from '@/lib/legal/documents';
import { fillAgreementVariables } from '@/lib/legal/sanitize';

const typeSchema = z.enum(['rental_agreement', 'terms_conditions', 'privacy_policy']);

export type LegalDialogDocument = { title: string; html: string; version: number; updatedAt: string } | null;

/**
 * The active legal document for a dialog, loaded only when the dialog opens so pages don't carry its HTML.
 * The agreement preview shows its variables as blanks to fill in. null: show the placeholder.
 */
export async function loadLegalDocument(type: unknown): Promise<LegalDialogDocument> {
  const parsed = typeSchema.safeParse(type);
  if (!parsed.success) return null;
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : 'en';
  const doc = await getActiveLegalDocument(db, parsed.data, locale);
  if (!doc) return null;
  const html = parsed.data === 'rental_agreement' ? fillAgreementVariables(doc.html, {}) : doc.html;
  return { title: doc.title, html, version: doc.version, updatedAt: doc.createdAt.toISOString() };
}
