import 'server-only';
import { cache } from 'react';
import type { StaffUser } from './roles';

/**
 * Who is signed in to the staff area. Admin pages, actions and routes do not call this themselves: they name their
 * section to the wrappers of lib/admin/guard.ts, which check the section's role with it.
 * Sessions come from next-auth (lib/auth/next-auth.ts); each request re-reads the account, so deactivation, a role
 * change or a password change takes effect at once.
 */
export { hasRole, type StaffRole, type StaffUser } from './roles';

interface StaffSessionClaims {
  staffId?: string;
  sessionVersion?: number;
  signedInAt?: number;
  sessionId?: string;
}

/** The staff member signed in on this request, or null (read once per request). */
export const getStaffUser = cache(async (): Promise<StaffUser | null> => {
  let session: StaffSessionClaims | null;
  let maxSeconds: number;
  try {
    const nextAuth = await import('./next-auth');
    maxSeconds = nextAuth.STAFF_SESSION_MAX_SECONDS;
    session = (await nextAuth.auth()) as StaffSessionClaims | null;
  } catch {
    // No request (a script or a unit test) or an unreadable cookie: nobody is signed in.
    return null;
  }
  if (!session?.staffId) return null;
  if (!session.signedInAt || Date.now() / 1000 - session.signedInAt > maxSeconds) return null;
  const { db } = await import('@/lib/db');
  const user = await db.user.findUnique({
    where: { id: session.staffId },
    select: { id: true, email: true, name: true, role: true, isActive: true, sessionVersion: true },
  });
  if (!user || !user.isActive || user.sessionVersion !== (session.sessionVersion ?? 0)) return null;
  // Signed out (a copy of the cookie kept elsewhere no longer opens anything).
  if (session.sessionId) {
    const { isStaffSessionEnded } = await import('./session-end');
    if (await isStaffSessionEnded(db, session.sessionId)) return null;
  }
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});
