import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { hasRole, type StaffUser } from '@/lib/auth/staff';
import { ADMIN_SECTIONS } from '@/lib/admin/sections';
import { setAdminLocale } from '../sign-in/actions';
import { signOutStaff } from '../account/actions';

export async function AdminNav({ user }: { user: StaffUser }) {
  const [t, tl, td, locale] = await Promise.all([getTranslations('admin'), getTranslations('lifecycle'), getTranslations('staffDocuments.list'), getLocale()]);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/admin" className="font-bold text-brand-800">
          {t('title')}
        </Link>
        <nav aria-label={t('nav.label')} className="flex flex-1 flex-wrap gap-x-3 gap-y-1 text-sm">
          {ADMIN_SECTIONS.filter((s) => hasRole(user, s.role)).map((s) => (
            <Link key={s.key} href={s.href} className="text-slate-700 hover:text-brand-800 hover:underline">
              {/* the payments queue's and the invoice list's texts live in their own namespaces (lifecycle, staffDocuments) */}
              {s.key === 'payments' ? tl('queue.title') : s.key === 'invoices' ? td('title') : t(`nav.${s.key}`)}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-3 text-sm">
          <form action={setAdminLocale} className="flex items-center gap-1">
            <label htmlFor="admin-locale" className="sr-only">
              {t('nav.language')}
            </label>
            <select id="admin-locale" name="locale" defaultValue={locale} className="rounded border border-slate-300 px-1 py-0.5">
              <option value="en">English</option>
              <option value="th">ไทย</option>
            </select>
            <button type="submit" className="rounded border border-slate-300 px-2 py-0.5">
              {t('nav.change')}
            </button>
          </form>
          <Link href="/admin/account" className="text-slate-700 hover:underline">
            {user.email} ({t(`roles.${user.role}`)})
          </Link>
          <form action={signOutStaff}>
            <button type="submit" className="text-brand-800 underline">
              {t('nav.signOut')}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
