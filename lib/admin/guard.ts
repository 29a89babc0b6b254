import 'server-only';
import type { z } from 'zod';
import { action, type ActionContext, type ActionOptions } from '@/lib/actions/action';
import { notFound, redirect } from 'next/navigation';
import { getStaffUser } from '@/lib/auth/staff';
import { db, type Db } from '@/lib/db';
import { hasRole, type StaffUser } from '@/lib/auth/roles';
import { roleForArea, type AdminAreaKey } from './sections';

/**
 * THE way into the staff area. Every page, action and route of app/admin names its area (lib/admin/sections.ts) and
 * nothing else; the role comes from that one declaration, so a new section has no role to write by hand:
 *   - pages:   `const { user, db } = await adminPage('units')` → redirects to sign-in, or 404 when the role is too low
 *   - actions: `adminAction('units', schema, (input, ctx) => …, options)` → 'forbidden' before anything runs; refusals
 *              translated; `ctx.staff` and `ctx.db` given
 *   - routes:  `const admin = await adminRoute('units'); if (!admin) return 404`
 * The database handle comes with the permission: app/admin imports no database client, and hands the handle to the
 * readers and changes of lib/admin (app/admin/guards.test.ts proves both).
 */
export interface AdminScope {
  user: StaffUser;
  db: Db;
}

export async function adminPage(area: AdminAreaKey): Promise<AdminScope> {
  const user = await getStaffUser();
  if (!user) redirect('/admin/sign-in');
  if (!hasRole(user, roleForArea(area))) notFound();
  return { user, db };
}

/**
 * For the staff area's frame (app/admin/layout.tsx): whoever is signed in, or null (the sign-in page), to show the menu
 * and the alerts badge. A layout is not a guard: each page still calls adminPage.
 */
export async function adminFrame(): Promise<{ user: StaffUser | null; db: Db }> {
  return { user: await getStaffUser(), db };
}

/** For route handlers (CSV exports, files): the staff member allowed in `area` with the database, or null (404). */
export async function adminRoute(area: AdminAreaKey): Promise<AdminScope | null> {
  const user = await getStaffUser();
  return hasRole(user, roleForArea(area)) ? { user, db } : null;
}

/** What an admin action's handler gets: the request's context with the staff member, who is always there, and the database. */
export type AdminActionContext = ActionContext & AdminScope & { staff: StaffUser };

/**
 * A server action of the staff area: lib/actions' `action` with the area's role. Every refusal a handler lets through
 * (each domain's own, a Refusal that says its own words) is answered by the action wrapper, one way.
 */
export function adminAction<S extends z.core.$ZodType, T>(
  area: AdminAreaKey,
  schema: S,
  handler: (input: z.output<S>, ctx: AdminActionContext) => Promise<T>,
  options: Omit<ActionOptions, 'role'> = {},
) {
  return action(schema, (input, ctx) => handler(input, { ...ctx, staff: ctx.staff!, user: ctx.staff!, db }), { ...options, role: roleForArea(area) });
}
