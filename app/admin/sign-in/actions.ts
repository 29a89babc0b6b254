'use server';

import { z } from 'zod';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthError, CredentialsSignin } from 'next-auth';
import { action, ActionFailure } from '@/lib/actions/action';
import { signIn } from '@/lib/auth/next-auth';
import { translator } from '@/lib/i18n/translator';
import { ADMIN_LOCALE_COOKIE, isAdminLocale } from '@/lib/i18n/admin-locale';

const signInSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  code: z.string().trim().max(12).optional(),
});

/** Staff sign-in form. Limits and checks live in the credentials provider, so the API endpoint obeys them too. */
export const signInStaff = action(
  signInSchema,
  async (input, ctx) => {
    const t = translator(ctx.locale, 'signIn');
    try {
      await signIn('credentials', { email: input.email, password: input.password, code: input.code ?? '', redirect: false });
    } catch (error) {
      if (error instanceof CredentialsSignin) {
        const [reason, seconds] = String(error.code).split(':');
        if (reason === 'rate_limited') {
          // Waits grow from 2 seconds (lib/auth/sign-in.ts): short ones are said in seconds.
          const wait = Number(seconds || 60);
          const message = wait < 60 ? translator(ctx.locale, 'security')('signInWaitSeconds', { seconds: wait }) : t('errors.rate_limited', { minutes: Math.ceil(wait / 60) });
          throw new ActionFailure('rate_limited', message);
        }
        if (reason === 'code_required' || reason === 'code_invalid') throw new ActionFailure(reason, t(`errors.${reason}`));
        throw new ActionFailure('invalid', t('errors.invalid'));
      }
      if (error instanceof AuthError) throw new ActionFailure('invalid', t('errors.invalid'));
      throw error;
    }
    redirect('/admin');
  },
  { secretFields: ['password', 'code'] },
);

/** The staff area's language (English or Thai), remembered for a year. Open to everyone: it only sets a cookie. */
export async function setAdminLocale(form: FormData): Promise<void> {
  const locale = form.get('locale');
  if (isAdminLocale(locale)) {
    (await cookies()).set(ADMIN_LOCALE_COOKIE, locale, { path: '/admin', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax', httpOnly: true });
  }
  redirect('/admin');
}
