import 'server-only';
import type { Db } from '@/lib/db';
import { blockFor, waitSeconds } from '@/lib/rate-limit';

/**
 * Signing out ends the session on the server, not only in the browser (docs/product-rules.md#staff-access-and-the-
 * customer-portal, "Sign-out"): a staff session is a signed cookie (next-auth's JWT) that would otherwise stay valid
 * for its whole life wherever a copy of it went. Each session carries its own id; signing out records that id as ended
 * in the store every server shares (Redis, else the database), for as long as the session could have lived, and
 * getStaffUser refuses it. Other sessions of the same account (another device) go on.
 */
export async function endStaffSession(db: Db, sessionId: string, maxSeconds: number): Promise<void> {
  await blockFor(db, 'staffSessionEnded', sessionId, maxSeconds);
}

export async function isStaffSessionEnded(db: Db, sessionId: string): Promise<boolean> {
  return (await waitSeconds(db, 'staffSessionEnded', sessionId)) > 0;
}

/**
 * Ends a signed-out staff session now (app/admin/account/actions.ts): the database is imported when it runs, so loading
 * the sign-out action opens none.
 */
export async function endStaffSessionNow(sessionId: string, maxSeconds: number): Promise<void> {
  const { db } = await import('@/lib/db');
  await endStaffSession(db, sessionId, maxSeconds);
}
