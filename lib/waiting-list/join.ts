import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { isValidEmail } from '@/lib/validation/contact';
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
 * success; duplicate: already listed for this type; missing: no name or email; invalid_email; error: the request was
 * refused (unknown unit type, malformed input); server_error: the database failed.
 */
export type WaitingListResult = { status: 'success' | 'duplicate' | 'missing' | 'invalid_email' | 'error' | 'server_error' };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * Stores a waiting-list entry for a unit type. One entry per email and unit type: the database's unique index decides,
 * so two quick submits cannot both succeed.
 */
export async function addToWaitingList(db: Db, input: unknown): Promise<WaitingListResult> {
  const parsed = waitingListInputSchema.safeParse(input);
  if (!parsed.success) return { status: 'error' };
  const { unitTypeCode, unitLabel, name, phone, locale } = parsed.data;
  const email = parsed.data.email.toLowerCase();
  if (!name || !email) return { status: 'missing' };
  if (!isValidEmail(email)) return { status: 'invalid_email' };
  try {
    const unitType = await db.unitType.findUnique({ where: { code: unitTypeCode }, select: { id: true, isActive: true } });
    if (!unitType?.isActive) return { status: 'error' };
    await db.waitingListEntry.create({
      data: { unitTypeId: unitType.id, unitLabel: unitLabel || null, name, email, phone: phone || null, locale: toLocale(locale) },
    });
    return { status: 'success' };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'duplicate' };
    log.error({ err: error }, 'waiting-list: failed to add entry');
    return { status: 'server_error' };
  }
}
