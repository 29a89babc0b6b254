import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { getActiveLegalDocument } from '@/lib/legal/documents';
import { toLocale } from '@/lib/i18n/translator';
import { CONSENT_PURPOSES, VISITOR_ID_RE } from './consent-cookie';

/** What the browser sends when the visitor makes or changes a choice (components/analytics/consent-manager.tsx). */
export const consentInput = z
  .object({
    visitorId: z.string().regex(VISITOR_ID_RE),
    analytics: z.boolean(),
    marketing: z.boolean(),
    method: z.enum(['banner', 'settings']),
    locale: z.enum(['en', 'th', 'ru']),
  })
  .strict();
export type ConsentInput = z.infer<typeof consentInput>;

/** The privacy notice version a visitor of this locale is shown (the version their choice is made under). */
export async function currentNoticeVersion(db: Db, locale: unknown): Promise<number> {
  return (await getActiveLegalDocument(db, 'privacy_policy', toLocale(locale)))?.version ?? 1;
}

/**
 * Records one choice: a row per purpose (what, agreed or refused, the notice version, when, how). Rows are never
 * updated: the latest row of a visitor and purpose is the choice in force, the earlier ones its history.
 */
export async function recordConsent(db: Db, input: ConsentInput, now: Date = new Date()): Promise<{ noticeVersion: number }> {
  const noticeVersion = await currentNoticeVersion(db, input.locale);
  await db.consentRecord.createMany({
    data: CONSENT_PURPOSES.map((purpose) => ({ visitorId: input.visitorId, purpose, granted: input[purpose], noticeVersion, method: input.method, locale: input.locale, createdAt: now })),
  });
  return { noticeVersion };
}

/** The choice in force for a visitor, per purpose (false when never asked: nothing optional runs without a yes). */
export async function consentInForce(db: Db, visitorId: string): Promise<Record<(typeof CONSENT_PURPOSES)[number], boolean>> {
  const rows = await db.consentRecord.findMany({ where: { visitorId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, rows.find((r) => r.purpose === p)?.granted ?? false])) as Record<(typeof CONSENT_PURPOSES)[number], boolean>;
}
