'use server';

import { z } from 'zod';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { adminAction } from '@/lib/admin/guard';
import { auth, signOut, STAFF_SESSION_MAX_SECONDS } from '@/lib/auth/next-auth';
import { endStaffSessionNow } from '@/lib/auth/session-end';
import { getStaffUser } from '@/lib/auth/staff';
import { looksLikeRecoveryCode } from '@/lib/auth/recovery-codes';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/password';
import { changeOwnPassword, confirmTotpSetup, createOwnRecoveryCodes, disableOwnTotp, startTotpSetup } from '@/lib/staff/accounts';

export const changePassword = adminAction('account',
  z.object({ current: z.string().min(1).max(PASSWORD_MAX_LENGTH), next: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH) }),
  async (input, ctx) => {
    await changeOwnPassword(ctx.db, ctx.staff, input.current, input.next);
    // The password change ended every session, this one too.
    redirect('/admin/sign-in');
  },
  { secretFields: ['current', 'next'] },
);

export const beginTwoFactor = adminAction('account',
  z.object({}),
  async (_input, ctx) => {
    await startTotpSetup(ctx.db, ctx.staff);
    revalidatePath('/admin/account');
    return null;
  },
);

export const confirmTwoFactor = adminAction('account',
  z.object({ code: z.string().trim().regex(/^\d{6}$/) }),
  async (input, ctx) => {
    await confirmTotpSetup(ctx.db, ctx.staff, input.code);
    redirect('/admin/sign-in');
  },
  { secretFields: ['code'] },
);

/** Off with the app's code or, when the phone is lost, a recovery code (docs/product-rules.md#two-factor-set-up). */
export const disableTwoFactor = adminAction('account',
  z.object({ code: z.string().trim().max(20).refine((c) => /^\d{6}$/.test(c) || looksLikeRecoveryCode(c)) }),
  async (input, ctx) => {
    await disableOwnTotp(ctx.db, ctx.staff, input.code);
    revalidatePath('/admin/account');
    return null;
  },
  { secretFields: ['code'] },
);

/** New recovery codes, shown once in the answer (only their hashes are kept). */
export const createRecoveryCodes = adminAction('account',
  z.object({ code: z.string().trim().regex(/^\d{6}$/) }),
  async (input, ctx) => {
    const codes = await createOwnRecoveryCodes(ctx.db, ctx.staff, input.code);
    revalidatePath('/admin/account');
    return { codes };
  },
  { secretFields: ['code'] },
);

/**
 * Ends the staff session, on the server too: its id is recorded as ended, so a copy of the cookie no longer opens
 * anything (lib/auth/session-end.ts). Harmless for a visitor (there is nothing to end), but still answers only staff.
 */
export async function signOutStaff(): Promise<void> {
  if (await getStaffUser()) {
    const session = (await auth()) as { sessionId?: string } | null;
    if (session?.sessionId) {
      await endStaffSessionNow(session.sessionId, STAFF_SESSION_MAX_SECONDS);
    }
    await signOut({ redirect: false });
  }
  redirect('/admin/sign-in');
}
