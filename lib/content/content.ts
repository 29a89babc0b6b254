import 'server-only';
import { z } from 'zod';
import { createTranslator } from 'next-intl';
import compile from 'icu-minify/compile';
import type { Db } from '@/lib/db';
import type { LegalDocumentType } from '@/generated/prisma/enums';
import { recordAudit } from '@/lib/audit';
import type { StaffUser } from '@/lib/auth/staff';
import { revalidatePublicData } from '@/lib/platform/cache/revalidate';
import { getSettings, SETTING_SCHEMAS } from '@/lib/settings';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { ContentFailure } from './failure';

type Actor = Pick<StaffUser, 'id' | 'email'>;

// ── legal documents ──────────────────────────────────────────────────────────────────────────────────────────────

/** A new version of a document (not active until activated); earlier versions stay for the bookings that signed them. */
export async function createLegalVersion(db: Db, actor: Actor, input: { type: LegalDocumentType; locale: string; title: string; content: string; supportsVariables: boolean }) {
  return db.$transaction(async (tx) => {
    const last = await tx.legalDocument.findFirst({ where: { type: input.type, locale: input.locale }, orderBy: { version: 'desc' }, select: { version: true } });
    const doc = await tx.legalDocument.create({ data: { ...input, version: (last?.version ?? 0) + 1, isActive: false } });
    await recordAudit(tx, { actor, action: 'legal.create', entity: 'legalDocument', entityId: doc.id, after: { type: doc.type, locale: doc.locale, version: doc.version, title: doc.title } });
    return doc.id;
  });
}

/** Makes one version the document customers read (and sign), switching off the others of its type and language. */
export async function activateLegalVersion(db: Db, actor: Actor, id: string) {
  await db.$transaction(async (tx) => {
    const doc = await tx.legalDocument.findUnique({ where: { id } });
    if (!doc) throw new ContentFailure('not_found');
    const previous = await tx.legalDocument.findMany({ where: { type: doc.type, locale: doc.locale, isActive: true }, select: { id: true, version: true } });
    await tx.legalDocument.updateMany({ where: { type: doc.type, locale: doc.locale, isActive: true }, data: { isActive: false } });
    // Bumping createdAt makes it the newest active one wherever documents are read newest first.
    await tx.legalDocument.update({ where: { id }, data: { isActive: true, createdAt: new Date() } });
    await recordAudit(tx, { actor, action: 'legal.activate', entity: 'legalDocument', entityId: id, before: { active: previous }, after: { type: doc.type, locale: doc.locale, version: doc.version } });
  });
  revalidatePublicData('legal');
}

// ── translation overrides ────────────────────────────────────────────────────────────────────────────────────────

function flatten(o: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]])),
  );
}

const FLAT = { en: flatten(en), th: flatten(th), ru: flatten(ru) } as Record<string, Record<string, string>>;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort().join(',');
/** Each placeholder with its kind (`count plural`, `name`): a text may not turn a plain value into a date or a number. */
const placeholderKinds = (s: string) => [...new Set([...s.matchAll(/\{\s*(\w+)\s*(?:,\s*(\w+))?\s*[,}]/g)].map((m) => `${m[1]} ${m[2] ?? ''}`))].sort().join(',');

/** The shipped text of a message, or null when no such text exists. */
export function shippedMessage(locale: string, key: string): string | null {
  return FLAT[locale]?.[key] ?? null;
}

/**
 * An override must replace an existing text, keep its placeholders and their kinds ({name}, {count, plural, …}) and be
 * valid ICU, so a typo cannot break a page. It must also compile for the browser, where the booking wizard formats its
 * texts without next-intl (lib/i18n/compiled-format.ts): that compiler refuses a plural's `offset:`.
 */
export function checkOverride(locale: string, key: string, value: string): void {
  const base = shippedMessage(locale, key);
  if (base === null) throw new ContentFailure('unknown_key');
  if (placeholders(value) !== placeholders(base) || placeholderKinds(value) !== placeholderKinds(base)) throw new ContentFailure('placeholders', placeholders(base));
  try {
    compile(value);
  } catch {
    throw new ContentFailure('syntax');
  }
  let broken = false;
  const t = createTranslator({ locale: locale as 'en', messages: { probe: value }, onError: () => (broken = true) });
  const sample = Object.fromEntries(placeholders(base).split(',').filter(Boolean).map((p) => [p, 1]));
  t('probe' as never, sample as never);
  if (broken) throw new ContentFailure('syntax');
}

/** Saves a proposed wording; it shows on the site only once approved. */
export async function saveOverride(db: Db, actor: Actor, input: { locale: string; key: string; value: string }) {
  checkOverride(input.locale, input.key, input.value);
  await db.$transaction(async (tx) => {
    const before = await tx.translationOverride.findUnique({ where: { locale_key: { locale: input.locale, key: input.key } } });
    const row = await tx.translationOverride.upsert({
      where: { locale_key: { locale: input.locale, key: input.key } },
      create: { ...input, section: input.key.split('.')[0], reviewStatus: 'pending' },
      update: { value: input.value, reviewStatus: 'pending' },
    });
    await recordAudit(tx, { actor, action: 'translation.save', entity: 'translationOverride', entityId: row.id, before: before ? { value: before.value, reviewStatus: before.reviewStatus } : null, after: { locale: input.locale, key: input.key, value: input.value, reviewStatus: 'pending' } });
  });
  revalidatePublicData('translations');
}

export async function reviewOverride(db: Db, actor: Actor, input: { id: string; op: 'approve' | 'withdraw' | 'delete' }) {
  await db.$transaction(async (tx) => {
    const row = await tx.translationOverride.findUnique({ where: { id: input.id } });
    if (!row) throw new ContentFailure('not_found');
    if (input.op === 'delete') await tx.translationOverride.delete({ where: { id: row.id } });
    else {
      if (input.op === 'approve') checkOverride(row.locale, row.key, row.value);
      await tx.translationOverride.update({ where: { id: row.id }, data: { reviewStatus: input.op === 'approve' ? 'approved' : 'pending' } });
    }
    await recordAudit(tx, { actor, action: `translation.${input.op}`, entity: 'translationOverride', entityId: row.id, before: { value: row.value, reviewStatus: row.reviewStatus }, after: { locale: row.locale, key: row.key } });
  });
  revalidatePublicData('translations');
}

// ── settings ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Settings staff edit: the site's own (lib/settings) plus the PromptPay ID, which only the payment screens read.
 * TODO(lead): move `promptpay` into lib/settings' SETTING_SCHEMAS when the payment work reads it.
 */
export const EDITABLE_SETTINGS = {
  ...SETTING_SCHEMAS,
  promptpay: z.object({
    id: z.string().trim().regex(/^(\d{10}|\d{13}|\d{15})$/, 'a 10-digit phone, 13-digit tax ID or 15-digit e-wallet ID'),
    accountName: z.string().trim().optional().transform((v) => v || undefined),
    // docs/product-rules.md#thai-money: the bank's biller ID turns every invoice QR into a bill payment naming the invoice.
    billerId: z.string().trim().regex(/^(\d{15})?$/, '15 digits: the tax ID and the 2-digit suffix from the bank, or empty').optional(),
  }),
} as const;
export type EditableSettingKey = keyof typeof EDITABLE_SETTINGS;

export async function readEditableSettings(db: Db): Promise<Record<EditableSettingKey, Record<string, unknown>>> {
  const keys = Object.keys(SETTING_SCHEMAS) as (keyof typeof SETTING_SCHEMAS)[];
  const [known, promptpay] = await Promise.all([getSettings(db, keys), db.setting.findUnique({ where: { key: 'promptpay' } })]);
  const stored = (promptpay?.value as Record<string, unknown>) ?? { id: '' };
  const all = known as Record<string, Record<string, unknown>>;
  const out: Record<string, Record<string, unknown>> = { ...all, promptpay: { ...all.promptpay, id: '', ...stored } };
  return out as Record<EditableSettingKey, Record<string, unknown>>;
}

/** Validates a whole setting with its schema and stores it; the public site reads it on the next request. */
export async function saveSetting(db: Db, actor: Actor, key: EditableSettingKey, value: unknown) {
  const parsed = EDITABLE_SETTINGS[key].safeParse(value);
  if (!parsed.success) throw new ContentFailure('invalid_setting', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  await db.$transaction(async (tx) => {
    const before = await tx.setting.findUnique({ where: { key } });
    await tx.setting.upsert({ where: { key }, create: { key, value: parsed.data as object }, update: { value: parsed.data as object } });
    await recordAudit(tx, { actor, action: 'settings.update', entity: 'setting', entityId: key, before: before?.value ?? null, after: parsed.data });
  });
  revalidatePublicData('settings');
}

/** Rebuilds a setting from its form: each field named by its path, typed like the current value. */
export function settingFromForm(template: unknown, form: Record<string, unknown>, prefix = ''): unknown {
  if (Array.isArray(template)) {
    return String(form[prefix] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  }
  if (template && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, settingFromForm(v, form, prefix ? `${prefix}.${k}` : k)]));
  }
  const raw = form[prefix];
  if (typeof template === 'number') return raw === '' || raw == null ? NaN : Number(raw);
  if (typeof template === 'boolean') return raw === 'on' || raw === 'true';
  return raw == null ? '' : String(raw);
}
