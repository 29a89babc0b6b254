/**
 * The staff roles and who holds them: plain data, imported by the session reader (./staff.ts), the sign-in check
 * (./sign-in.ts) and the admin sections alike, so none of those needs another to know what a role is.
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
