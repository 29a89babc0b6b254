'use server';

import { z } from 'zod';
import { db } from '@/lib/db';
import { action } from '@/lib/actions/action';
import { getLegalDialogText } from '@/lib/legal/documents';

const typeSchema = z.enum(['rental_agreement', 'terms_conditions', 'privacy_policy']);

export type LegalDialogDocument = { title: string; html: string; version: number; updatedAt: string } | null;

/**
 * The legal document for a dialog, loaded only when the dialog opens so pages don't carry its HTML.
 * The agreement falls back to the built-in default; null (terms, privacy): show the placeholder.
 */
export const loadLegalDocument = action(typeSchema, async (type, ctx): Promise<LegalDialogDocument> => {
  const doc = await getLegalDialogText(db, type, ctx.locale);
  return doc && { title: doc.title, html: doc.html, version: doc.version, updatedAt: doc.updatedAt.toISOString() };
});
