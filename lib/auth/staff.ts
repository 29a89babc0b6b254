import 'server-only';
import { notFound } from 'next/navigation';

/**
 * Who is signed in to the staff area. THE CONTRACT every admin page, action and route uses (issue 12 implements it with
 * next-auth; until then nobody is signed in, so everything staff-only is refused).
 *   - pages:   `const user = await requireStaffPage('admin')` → redirects to sign-in, or 404 when the role is too low
 *   - actions: `action(schema, fn, { role: 'staff' })` (lib/actions) checks it before running `fn`
 *   - routes:  `const user = await getStaffUser(); if (!hasRole(user, 'staff')) return 404`
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

/** The staff member signed in on this request, or null. */
export async function getStaffUser(): Promise<StaffUser | null> {
  return null;
}

/** For admin pages: the staff member with at least `role`; otherwise a redirect to the sign-in page or a 404. */
export async function requireStaffPage(role: StaffRole = 'staff'): Promise<StaffUser> {
  const user = await getStaffUser();
  if (!hasRole(user, role)) notFound();
  return user;
}
