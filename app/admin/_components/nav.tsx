import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { hasRole, type StaffUser } from '@/lib/auth/staff';
import { ADMIN_SECTION_GROUPS, ADMIN_SECTIONS, type AdminSectionKey } from '@/lib/admin/sections';
import { setAdminLocale } from '../sign-in/actions';
import { signOutStaff } from '../account/actions';
import { AdminMenu, SearchShortcut, SectionLink } from './menu';

const SEARCH_INPUT_ID = 'admin-search';
const target = 'inline-flex min-h-11 items-center';

/**
 * The staff header: the search box, the language and sign-out (always in view, also on a phone) and the sections the
 * role may open, grouped as lib/admin/sections.ts declares; on a phone the groups fold behind a menu button.
 */
export async function AdminNav({ user }: { user: StaffUser }) {
  const [t, tn, tl, td, locale] = await Promise.all([
    getTranslations('admin'),
    getTranslations('staffTools.nav'),
    getTranslations('lifecycle'),
    getTranslations('staffDocuments.list'),
    getLocale(),
  ]);
  const label = (key: AdminSectionKey) =>
    // the payments queue's, the invoice list's and Today's texts live in their own namespaces
    key === 'payments' ? tl('queue.title') : key === 'invoices' ? td('title') : key === 'today' ? tn('today') : t(`nav.${key}`);
  const sectionHrefs = ADMIN_SECTIONS.map((s) => s.href);
  const groups = ADMIN_SECTION_GROUPS.map((g) => ({ group: g, sections: ADMIN_SECTIONS.filter((s) => s.group === g && hasRole(user, s.role)) })).filter((g) => g.sections.length);
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {tn('skip')}
      </a>
      {/* Without JavaScript the phone menu cannot be toggled, so it stays open. */}
      <noscript>
        <style>{'#admin-menu{display:block}'}</style>
      </noscript>
      <SearchShortcut inputId={SEARCH_INPUT_ID} />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 sm:px-4">
        <Link href="/admin" className={`${target} font-bold text-brand-800`}>
          {t('title')}
        </Link>
        <form role="search" action="/admin/search" method="get" className="order-last flex w-full gap-2 lg:order-none lg:w-auto lg:flex-1">
          <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
            {tn('searchLabel')}
          </label>
          <input
            id={SEARCH_INPUT_ID}
            type="search"
            name="q"
            required
            maxLength={100}
            placeholder={tn('searchPlaceholder')}
            aria-keyshortcuts="/"
            className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-base lg:max-w-md lg:text-sm"
          />
          <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white">
            {tn('search')}
          </button>
        </form>
        <div className="ml-auto flex flex-wrap items-center gap-2 text-sm">
          <form action={setAdminLocale} className="flex items-center gap-1">
            <label htmlFor="admin-locale" className="sr-only">
              {t('nav.language')}
            </label>
            <select id="admin-locale" name="locale" defaultValue={locale} className="min-h-11 rounded-md border border-slate-300 px-1">
              <option value="en">English</option>
              <option value="th">ไทย</option>
            </select>
            <button type="submit" className="min-h-11 rounded-md border border-slate-300 px-2">
              {t('nav.change')}
            </button>
          </form>
          <form action={signOutStaff}>
            <button type="submit" className="min-h-11 rounded-md px-2 font-semibold text-brand-800 underline">
              {t('nav.signOut')}
            </button>
          </form>
        </div>
        <AdminMenu label={tn('menu')}>
          <nav aria-label={t('nav.label')} className="border-t border-slate-200 pt-2 lg:flex lg:flex-wrap lg:gap-x-6 lg:gap-y-2">
            {groups.map(({ group, sections }) => (
              <div key={group} className="py-1">
                <p id={`admin-group-${group}`} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {tn(`groups.${group}`)}
                </p>
                <ul aria-labelledby={`admin-group-${group}`} className="grid grid-cols-2 gap-x-2 sm:grid-cols-3 lg:flex lg:flex-wrap lg:gap-x-3">
                  {sections.map((s) => (
                    <li key={s.key}>
                      <SectionLink href={s.href} others={sectionHrefs} className={`${target} w-full text-sm hover:text-brand-800 hover:underline`}>
                        {label(s.key)}
                      </SectionLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <div className="py-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{tn('groups.me')}</p>
              <Link href="/admin/account" className={`${target} max-w-full break-all text-sm text-slate-800 hover:underline`}>
                {user.email} ({t(`roles.${user.role}`)})
              </Link>
            </div>
          </nav>
        </AdminMenu>
      </div>
    </header>
  );
}
