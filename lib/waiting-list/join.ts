import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { isValidEmail, isValidName } from '@/lib/validation/contact';
import { sendWaitingListConfirmation } from '@/lib/waiting-list/confirmation-email';
import { toLocale } from '@/lib/i18n/routing';
import { WAITING_LIST_LIMITS } from './limits';
import { log } from '@/lib/log';

export const waitingListInputSchema = z.object({
  unitTypeCode: z.string().trim().min(1).max(20),
  unitLabel: z.string().trim().max(WAITING_LIST_LIMITS.unitLabel).optional(),
  name: z.string().trim().max(WAITING_LIST_LIMITS.name),
  email: z.string().trim().max(WAITING_LIST_LIMITS.email),
  phone: z.string().trim().max(WAITING_LIST_LIMITS.phone).optional(),
  locale: z.string().optional(),
});

export type WaitingListInput = z.input<typeof waitingListInputSchema>;
/**
 * success: the sign-up is received and the confirmation email is on its way (or the person is already listed: the
 * answer is the same, so nobody learns whether an address is on the list); missing: no name or email; invalid_email;
 * error: the request was refused (unknown unit type, malformed input); server_error: the database failed.
 */
export type WaitingListResult = { status: 'success' | 'missing' | 'invalid_email' | 'error' | 'server_error' };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * A waiting-list sign-up (docs/product-rules.md#holds, "Emails"): stored unconfirmed, and only a person who presses
 * the link emailed to them is on the list (double opt-in). One entry per email and unit type, decided by the database's
 * unique index; signing up again while unconfirmed sends the link again (a few times a day at most).
 */
export async function addToWaitingList(db: Db, input: unknown): Promise<WaitingListResult> {
  const parsed = waitingListInputSchema.safeParse(input);
  if (!parsed.success) return { status: 'error' };
  const { unitTypeCode, unitLabel, name, phone, locale } = parsed.data;
  const email = parsed.data.email.toLowerCase();
  if (!name || !email) return { status: 'missing' };
  if (!isValidEmail(email)) return { status: 'invalid_email' };
  if (!isValidName(name)) return { status: 'error' };
  try {
    const unitType = await db.unitType.findUnique({ where: { code: unitTypeCode }, select: { id: true, isActive: true } });
    if (!unitType?.isActive) return { status: 'error' };
    let entry = await db.waitingListEntry.findUnique({ where: { email_unitTypeId: { email, unitTypeId: unitType.id } } });
    if (!entry) {
      try {
        entry = await db.waitingListEntry.create({
          data: { unitTypeId: unitType.id, unitLabel: unitLabel || null, name, email, phone: phone || null, locale: toLocale(locale) },
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        entry = await db.waitingListEntry.findUniqueOrThrow({ where: { email_unitTypeId: { email, unitTypeId: unitType.id } } });
      }
    }
    if (!entry.confirmedAt) {
      await sendWaitingListConfirmation(db, entry.id).catch((error: unknown) => log.error({ err: error }, 'waiting-list: confirmation email failed'));
    }
    return { status: 'success' };
  } catch (error) {
    log.error({ err: error }, 'waiting-list: failed to add entry');
    return { status: 'server_error' };
  }
}
