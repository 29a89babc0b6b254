import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/lib/db';
import { isValidEmail } from '@/lib/validation/contact';
import type { Locale } from '@/lib/i18n/routing';
import { sendDraftReminder } from '@/lib/booking/draft-reminder-email';
import type { EmailTransport } from '@/lib/platform/mail/send';
import { consumeRateLimit } from '@/lib/rate-limit';
import { draftSchema, type BookingDraft } from './draft';

/** A draft is 'abandoned' when it was last touched this long ago without a submit. */
export const REMINDER_AFTER_MS = 60 * 60 * 1000;
const TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Keeps a server copy of a wizard draft that has an email (step 8 on), for the one reminder. The server chooses the
 * token (random, unguessable) the first time and answers it; a later save updates that copy only when it brings the
 * token back. A token the server never issued is ignored (a new copy is made), so nobody can plant a copy under a token
 * of their choosing or overwrite someone else's. A draft without a valid email is not stored.
 */
export async function saveDraftForReminder(db: Db, rawDraft: unknown, locale: Locale): Promise<{ token: string | null }> {
  const parsed = draftSchema.safeParse(rawDraft);
  if (!parsed.success) return { token: null };
  const draft = parsed.data;
  const email = draft.contact.email.trim().toLowerCase();
  if (!isValidEmail(email)) return { token: null };
  const given = draft.draftToken && TOKEN_RE.test(draft.draftToken) ? draft.draftToken : null;
  const existing = given ? await db.bookingDraft.findUnique({ where: { token: given }, select: { submittedAt: true } }) : null;
  const token = existing ? given! : crypto.randomBytes(18).toString('base64url');
  if (existing?.submittedAt) return { token };
  // The copy never carries payment proof or signature: the link restores choices, not consent.
  const data: BookingDraft = { ...draft, draftToken: token, proofUploadId: null, termsAccepted: false, agreement: { scrolled: false, agreed: false, signature: '', signedAt: null, documentId: null } };
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

/**
 * Job: one reminder per abandoned draft, never a second one, none after a submit, and at most one a day to an address
 * (several drafts typed with the same email get one reminder): the site sends no mail that a visitor can multiply.
 */
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
    if (!(await consumeRateLimit(db, 'draftReminderRecipient', d.email)).ok) continue;
    await sendDraftReminder(db, d, transport);
    sent++;
  }
  return { due: due.length, sent };
}
