import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { getStaffUser } from '@/lib/auth/staff';
import { ActionForm } from '../_components/action-form';
import { inputClass } from '../_components/ui';
import { setAdminLocale, signInStaff } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('signIn');
  return { title: t('title') };
}

/** Staff sign-in: email, password and, for accounts with two-factor sign-in, the authenticator code. */
export default async function StaffSignInPage() {
  if (await getStaffUser()) redirect('/admin');
  const [t, tr, locale] = await Promise.all([getTranslations('signIn'), getTranslations('staffTools.twoFactor'), getLocale()]);
  return (
    <div className="mx-auto mt-10 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-1 text-xl font-bold">{t('title')}</h1>
      <p className="mb-4 text-sm text-slate-600">{t('intro')}</p>
      <ActionForm action={signInStaff} submit={t('submit')}>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('email')}</span>
          <input name="email" type="email" autoComplete="username" required className={inputClass} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('password')}</span>
          <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('code')}</span>
          {/* text, not numeric: a recovery code (lib/auth/recovery-codes.ts) has letters */}
          <input name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={12} className={inputClass} />
          <span className="mt-1 block text-xs text-slate-600">{t('codeHint')}</span>
          <span className="mt-1 block text-xs text-slate-600">{tr('recoveryHint')}</span>
        </label>
      </ActionForm>
      <form action={setAdminLocale} className="mt-6 flex items-center gap-2 text-sm">
        <label htmlFor="locale">{t('language')}</label>
        <select id="locale" name="locale" defaultValue={locale} className="rounded border border-slate-300 px-1 py-0.5">
          <option value="en">English</option>
          <option value="th">ไทย</option>
        </select>
        <button type="submit" className="rounded border border-slate-300 px-2 py-0.5">
          {t('change')}
        </button>
      </form>
    </div>
  );
}
