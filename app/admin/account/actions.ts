'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { action, ActionFailure } from '@/lib/actions/action';
import { signOut } from '@/lib/auth/next-auth';
import { getStaffUser } from '@/lib/auth/staff';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/password';
import { db } from '@/lib/db';
import { translator } from '@/lib/i18n/translator';
import { AccountFailure, changeOwnPassword, confirmTotpSetup, createOwnRecoveryCodes, disableOwnTotp, startTotpSetup } from '@/lib/admin/accounts';

const fail = (locale: string, e: unknown): never => {
  if (e instanceof AccountFailure) {
    const message = e.code === 'code_limited' ? translator(locale, 'security')('codeChecksLimited', { minutes: 15 }) : translator(locale, 'admin')(`account.errors.${e.code}`);
    throw new ActionFailure(e.code, message);
  }
  throw e;
};

export const changePassword = action(
  z.object({ current: z.string().min(1).max(PASSWORD_MAX_LENGTH), next: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH) }),
  async (input, ctx) => {
    await changeOwnPassword(db, ctx.staff!, input.current, input.next).catch((e) => fail(ctx.locale, e));
    // The password change ended every session, this one too.
    redirect('/admin/sign-in');
  },
  { role: 'staff', secretFields: ['current', 'next'] },
);

export const beginTwoFactor = action(
  z.object({}),
  async (_input, ctx) => {
    await startTotpSetup(db, ctx.staff!);
    revalidatePath('/admin/account');
    return null;
  },
  { role: 'staff' },
);

export const confirmTwoFactor = action(
  z.object({ code: z.string().trim().regex(/^\d{6}$/) }),
  async (input, ctx) => {
    await confirmTotpSetup(db, ctx.staff!, input.code).catch((e) => fail(ctx.locale, e));
    redirect('/admin/sign-in');
  },
  { role: 'staff', secretFields: ['code'] },
);

export const disableTwoFactor = action(
  z.object({ code: z.string().trim().regex(/^\d{6}$/) }),
  async (input, ctx) => {
    await disableOwnTotp(db, ctx.staff!, input.code).catch((e) => fail(ctx.locale, e));
    revalidatePath('/admin/account');
    return null;
  },
  { role: 'staff', secretFields: ['code'] },
);

/** New recovery codes, shown once in the answer (only their hashes are kept). */
export const createRecoveryCodes = action(
  z.object({ code: z.string().trim().regex(/^\d{6}$/) }),
  async (input, ctx) => {
    const codes = await createOwnRecoveryCodes(db, ctx.staff!, input.code).catch((e) => fail(ctx.locale, e));
    revalidatePath('/admin/account');
    return { codes };
  },
  { role: 'staff', secretFields: ['code'] },
);

/** Ends the staff session. Harmless for a visitor (there is nothing to end), but still answers only staff. */
export async function signOutStaff(): Promise<void> {
  if (await getStaffUser()) await signOut({ redirect: false });
  redirect('/admin/sign-in');
}
