import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { isValidEmail } from '@/lib/validation/contact';
import type { Locale } from '@/lib/i18n/routing';
import { sendDraftReminder } from '@/lib/email/draft-reminder';
import type { EmailTransport } from '@/lib/email/send';
import { draftSchema, type BookingDraft } from './draft';

/** A draft is 'abandoned' when it was last touched this long ago without a submit. */
export const REMINDER_AFTER_MS = 60 * 60 * 1000;
const TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Keeps a server copy of a wizard draft that has an email (step 8 on), for the one reminder. The token is random and
 * unguessable; a draft without a valid email is not stored.
 */
export async function saveDraftForReminder(db: Db, rawDraft: unknown, locale: Locale): Promise<{ token: string | null }> {
  const parsed = draftSchema.safeParse(rawDraft);
  if (!parsed.success) return { token: null };
  const draft = parsed.data;
  const email = draft.contact.email.trim().toLowerCase();
  if (!isValidEmail(email)) return { token: null };
  const token = draft.draftToken && TOKEN_RE.test(draft.draftToken) ? draft.draftToken : crypto.randomBytes(18).toString('base64url');
  // The copy never carries payment proof or signature: the link restores choices, not consent.
  const data: BookingDraft = { ...draft, draftToken: token, proofUploadId: null, termsAccepted: false, agreement: { scrolled: false, agreed: false, signature: '', signedAt: null, documentId: null } };
  const existing = await db.bookingDraft.findUnique({ where: { token }, select: { submittedAt: true } });
  if (existing?.submittedAt) return { token };
  await db.bookingDraft.upsert({
    where: { token },
    create: { token, email, locale, data: JSON.parse(JSON.stringify(data)) },
    update: { email, locale, data: JSON.parse(JSON.stringify(data)) },
  });
  return { token };
}

/** The saved draft behind a reminder link, or null (unknown, malformed or already submitted). */
export async function loadDraftForReminder(db: Db, token: string): Promise<BookingDraft | null> {
  if (!TOKEN_RE.test(token)) return null;
  const row = await db.bookingDraft.findUnique({ where: { token } });
  if (!row || row.submittedAt) return null;
  const parsed = draftSchema.safeParse(row.data);
  return parsed.success ? parsed.data : null;
}

/** Job: one reminder per abandoned draft, never a second one, none after a submit. */
export async function sendDraftReminders(db: Db, now: Date = new Date(), transport?: EmailTransport) {
  const due = await db.bookingDraft.findMany({
    where: { submittedAt: null, reminderSentAt: null, updatedAt: { lte: new Date(now.getTime() - REMINDER_AFTER_MS) } },
    take: 200,
  });
  let sent = 0;
  for (const d of due) {
    // Claiming first makes "at most one" hold even when two job runs overlap.
    const claimed = await db.bookingDraft.updateMany({ where: { id: d.id, reminderSentAt: null, submittedAt: null }, data: { reminderSentAt: now } });
    if (!claimed.count) continue;
    await sendDraftReminder(db, d, transport);
    sent++;
  }
  return { due: due.length, sent };
}
