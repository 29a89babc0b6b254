import 'server-only';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { toLocale } from '@/lib/i18n/translator';
import { log } from '@/lib/log';
import { replyLineText, type LineConfig } from './client';
import { verifyLineSignature } from './signature';
import { lineText, lineTextInEveryLanguage } from './texts';
import { pendingLineTasksOf } from './outbox';

/**
 * Linking a LINE account to a customer (docs/product-rules.md#line-messages): the portal gives a one-time code, the
 * customer sends it to the Official Account, and LINE's webhook brings the message with the sender's userId, which is
 * then bound to the email the code was made for. One LINE account per email; a new link replaces the old one.
 */
export const LINK_CODE_MINUTES = 30;
// No 0/O, 1/I/L: the code is read off a screen and typed on a phone.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return out;
}

/** A code in what the customer typed: spaces, dashes and case forgiven, anything else around it ignored. */
export function findLinkCode(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]+/g, '');
  const m = compact.match(new RegExp(`[${ALPHABET}]{${CODE_LENGTH}}`));
  return m && compact.length <= 40 ? m[0] : null;
}

/** The code to show in the portal: the customer's unexpired one, else a new one (older ones of that email are dropped). */
export async function linkCodeFor(db: Db, email: string, locale: string, now: Date = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const key = email.toLowerCase();
  return db.$transaction(async (tx) => {
    await tx.lineLinkCode.deleteMany({ where: { OR: [{ email: key }, { expiresAt: { lt: now } }] } });
    const expiresAt = new Date(now.getTime() + LINK_CODE_MINUTES * 60_000);
    const code = newCode();
    await tx.lineLinkCode.create({ data: { code, email: key, locale: toLocale(locale), expiresAt } });
    return { code, expiresAt };
  });
}

export function lineLinkFor(db: Db, email: string) {
  return db.lineLink.findUnique({ where: { email: email.toLowerCase() }, select: { linkedAt: true } });
}

/** The customer stops LINE messages: the link goes, and so do messages still waiting for it. */
export async function unlinkLine(db: Db, email: string): Promise<boolean> {
  const key = email.toLowerCase();
  const [, removed] = await db.$transaction([
    db.task.deleteMany({ where: pendingLineTasksOf(key) }),
    db.lineLink.deleteMany({ where: { email: key } }),
  ]);
  return removed.count > 0;
}

/**
 * Uses a code: linked, with the email it bound the LINE user to; or not (an unknown, used or expired code), with the
 * language the code was made in when it is known, so the answer is in the customer's language.
 */
export async function redeemLinkCode(
  db: Db,
  code: string,
  lineUserId: string,
  now: Date = new Date(),
): Promise<{ linked: true; email: string; locale: string } | { linked: false; locale: string | null }> {
  return db.$transaction(async (tx) => {
    const row = await tx.lineLinkCode.findUnique({ where: { code } });
    if (!row) return { linked: false, locale: null };
    await tx.lineLinkCode.delete({ where: { code } });
    if (row.expiresAt <= now) return { linked: false, locale: row.locale };
    await tx.lineLink.upsert({
      where: { email: row.email },
      create: { email: row.email, lineUserId, locale: row.locale, linkedAt: now },
      update: { lineUserId, locale: row.locale, linkedAt: now },
    });
    return { linked: true, email: row.email, locale: row.locale };
  });
}

const eventSchema = z.object({
  type: z.string().max(40),
  replyToken: z.string().max(200).optional(),
  source: z.object({ type: z.string().max(20), userId: z.string().max(100).optional() }).optional(),
  message: z.object({ type: z.string().max(20), text: z.string().max(5000).optional() }).optional(),
});
const webhookSchema = z.object({ destination: z.string().max(100).optional(), events: z.array(z.unknown()).max(100) });

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/**
 * LINE's webhook: refused (401) unless the X-Line-Signature matches; then each event: a text with a code from a user
 * links that user (and is answered on LINE), a text that looks like a code but is not one is answered with how to get
 * a new code, an unfollow (the customer blocked the account) removes the link. Everything else is acknowledged.
 */
export async function handleLineWebhook(db: Db, config: LineConfig, raw: string, signature: string | null, now: Date = new Date()): Promise<WebhookAnswer> {
  if (!verifyLineSignature(config.channelSecret, raw, signature)) return { status: 401, body: { error: 'bad_signature' } };
  let parsed: z.infer<typeof webhookSchema>;
  try {
    parsed = webhookSchema.parse(JSON.parse(raw));
  } catch {
    return { status: 400, body: { error: 'bad_body' } };
  }
  let linked = 0;
  for (const rawEvent of parsed.events) {
    const ev = eventSchema.safeParse(rawEvent);
    if (!ev.success) continue;
    const { type, source, message, replyToken } = ev.data;
    const userId = source?.type === 'user' ? source.userId : undefined;
    if (!userId) continue;
    if (type === 'unfollow') {
      await db.lineLink.deleteMany({ where: { lineUserId: userId } });
      continue;
    }
    if (type !== 'message' || message?.type !== 'text' || !message.text) continue;
    const code = findLinkCode(message.text);
    if (!code) continue;
    const done = await redeemLinkCode(db, code, userId, now);
    if (done.linked) linked++;
    if (replyToken) {
      // A code nobody made (or one already used) says nothing of its sender: the language of an account this LINE user
      // linked before, else the answer in every language the site speaks.
      const locale = done.locale ?? (await db.lineLink.findFirst({ where: { lineUserId: userId }, select: { locale: true } }))?.locale;
      const text = done.linked ? lineText(toLocale(done.locale), { kind: 'linked' }) : locale ? lineText(toLocale(locale), { kind: 'bad_code' }) : lineTextInEveryLanguage({ kind: 'bad_code' });
      const r = await replyLineText(config, replyToken, text);
      if (!r.ok) log.warn({ status: r.status, error: r.error }, 'line: reply failed');
    }
  }
  return { status: 200, body: { ok: true, linked } };
}
