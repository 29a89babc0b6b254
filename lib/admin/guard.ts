import 'server-only';
import type { z } from 'zod';
import { action, ActionFailure, type ActionContext, type ActionOptions } from '@/lib/actions/action';
import { notFound, redirect } from 'next/navigation';
import { getStaffUser } from '@/lib/auth/staff';
import { db, type Db } from '@/lib/db';
import { hasRole, type StaffUser } from '@/lib/auth/roles';
import { translator } from '@/lib/i18n/translator';
import { LifecycleError, lifecycleMessage } from '@/lib/lifecycle';
import { StaffDocumentError } from '@/lib/billing/staff-documents';
import { StaffPaymentError } from '@/lib/payments/staff-payments';
import { NoUnitFree } from '@/lib/booking/unit-on-payment';
import { RentChangeError } from '@/lib/billing/rent-changes';
import { IdentityError } from '@/lib/identity/documents';
import { PhotoError } from '@/lib/condition/photos';
import { isUploadErrorCode, uploadErrorText } from '@/lib/uploads/messages';
import { CATCH_UP_DAYS, JobRequestFailure } from '@/lib/jobs/admin';
import { AdminFailure, adminFailureMessage } from './failure';
import { RentalFailure, rentalFailureMessage } from '@/lib/rentals/failure';
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
 * A server action of the staff area: lib/actions' `action` with the area's role, and every refusal a handler lets
 * through (AdminFailure, and the domains' own refusals below) turned into the translated answer, one way.
 */
export function adminAction<S extends z.core.$ZodType, T>(
  area: AdminAreaKey,
  schema: S,
  handler: (input: z.output<S>, ctx: AdminActionContext) => Promise<T>,
  options: Omit<ActionOptions, 'role'> = {},
) {
  return action(
    schema,
    async (input, ctx) => {
      try {
        return await handler(input, { ...ctx, staff: ctx.staff!, user: ctx.staff!, db });
      } catch (error) {
        throw asActionFailure(ctx.locale, error);
      }
    },
    { ...options, role: roleForArea(area) },
  );
}

/**
 * A refusal in the staff member's language, or the error itself when it is none (it then passes through: Next's
 * redirect() and notFound(), or a crash the action wrapper logs).
 */
export function asActionFailure(locale: string, error: unknown): unknown {
  if (error instanceof AdminFailure) return new ActionFailure(error.code, adminFailureMessage(locale, error));
  if (error instanceof RentalFailure) return new ActionFailure(error.code, rentalFailureMessage(locale, error));
  // A move the lifecycle refuses (another staff member got there first): nothing was written (docs/product-rules.md#lifecycle).
  if (error instanceof LifecycleError) return new ActionFailure('not_allowed', lifecycleMessage(locale, error));
  if (error instanceof StaffDocumentError) return new ActionFailure(error.code, translator(locale, 'staffDocuments.errors')(error.code));
  // A payment that would confirm a booking with no unit free (docs/product-rules.md#inventory): nothing was written.
  if (error instanceof NoUnitFree) return new ActionFailure('no_unit_free', translator(locale, 'admin')('bookingActions.errors.no_unit_to_confirm', { reference: error.reference }));
  if (error instanceof StaffPaymentError) {
    return new ActionFailure(error.code, translator(locale, 'lifecycle')(error.code === 'amount_too_large' ? 'errors.amountTooLarge' : 'errors.amountInvalid'));
  }
  if (error instanceof RentChangeError) return new ActionFailure(error.code, translator(locale, 'rentTerms.admin')(`errors.${error.code}`));
  if (error instanceof IdentityError || error instanceof PhotoError) {
    return new ActionFailure(error.code, isUploadErrorCode(error.code) ? uploadErrorText(locale, error.code) : translator(locale, 'moveIn')(`errors.${error.code}`));
  }
  if (error instanceof JobRequestFailure) {
    const message = translator(locale, 'admin')(`jobs.errors.${error.code}`, { days: CATCH_UP_DAYS });
    return new ActionFailure(error.code, message, { fieldErrors: { date: [message] } });
  }
  return error;
}
