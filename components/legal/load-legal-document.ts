'use server';

import { z } from 'zod';
import { db } from '@/lib/db';
import { getRequestLocale } from '@/lib/i18n/request-locale';
import { getLegalDialogText } from '@/lib/legal/documents';

const typeSchema = z.enum(['rental_agreement', 'terms_conditions', 'privacy_policy']);

export type LegalDialogDocument = { title: string; html: string; version: number; updatedAt: string } | null;

/**
 * The legal document for a dialog, loaded only when the dialog opens so pages don't carry its HTML.
 * The agreement falls back to the built-in default; null (terms, privacy): show the placeholder.
 */
export async function loadLegalDocument(type: unknown): Promise<LegalDialogDocument> {
  const parsed = typeSchema.safeParse(type);
  if (!parsed.success) return null;
  const doc = await getLegalDialogText(db, parsed.data, await getRequestLocale());
  return doc && { title: doc.title, html: doc.html, version: doc.version, updatedAt: doc.updatedAt.toISOString() };
}
