import 'server-only';
import { cache } from 'react';
import { notFound, redirect } from 'next/navigation';

/**
 * Who is signed in to the staff area. THE CONTRACT every admin page, action and route uses:
 *   - pages:   `const user = await requireStaffPage('admin')` → redirects to sign-in, or 404 when the role is too low
 *   - actions: `action(schema, fn, { role: 'staff' })` (lib/actions) checks it before running `fn`
 *   - routes:  `const user = await getStaffUser(); if (!hasRole(user, 'staff')) return 404`
 * Sessions come from next-auth (lib/auth/next-auth.ts); each request re-reads the account, so deactivation, a role
 * change or a password change takes effect at once.
 */
export type StaffRole = 'admin' | 'staff';

export interface StaffUser {
  id: string;
  email: string;
  name: string | null;
  role: StaffRole;
}

/** An admin may do everything staff may. */
export function hasRole(user: StaffUser | null | undefined, role: StaffRole): user is StaffUser {
  if (!user) return false;
  return role === 'staff' ? user.role === 'staff' || user.role === 'admin' : user.role === 'admin';
}

interface StaffSessionClaims {
  staffId?: string;
  sessionVersion?: number;
  signedInAt?: number;
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
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});

/** For admin pages: the staff member with at least `role`; otherwise a redirect to the sign-in page or a 404. */
export async function requireStaffPage(role: StaffRole = 'staff'): Promise<StaffUser> {
  const user = await getStaffUser();
  if (!user) redirect('/admin/sign-in');
  if (!hasRole(user, role)) notFound();
  return user;
}
