import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localizedPath, toLocale, type Locale } from '@/lib/i18n/routing';
import { pickLocalized } from '@/lib/i18n/localized';
import { formatLongDate } from '@/lib/dates/bangkok';
import { Link } from '@/lib/i18n/link';
import { getCustomerEmail } from '@/lib/portal/session';
import { myStorageBookings } from '@/lib/portal/view';
import { SIGN_IN_LINK_MINUTES } from '@/lib/portal/sign-in-link';
import { SignInLinkForm } from './_components/sign-in-link-form';
import { NoticeBanner } from './_components/notice-banner';
import { signOutCustomerAction } from './actions';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = toLocale(requested);
  const t = await getTranslations({ locale, namespace: 'portal' });
  return { title: t('myStorage.title'), robots: { index: false, follow: false } };
}

/** 'My Storage': every rental of the signed-in customer, or the form that emails a one-time sign-in link. */
export default async function MyStoragePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const t = await getTranslations('portal');
  const email = await getCustomerEmail();

  if (!email) {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-2xl font-bold text-brand-900">{t('myStorage.title')}</h1>
        <p className="mt-2 text-gray-700">{t('signIn.intro', { minutes: SIGN_IN_LINK_MINUTES })}</p>
        <div className="mt-6">
          <SignInLinkForm locale={locale} />
        </div>
      </section>
    );
  }

  const bookings = await myStorageBookings(email);
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{t('myStorage.title')}</h1>
        <form action={signOutCustomerAction}>
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className="text-sm text-brand-800 underline">
            {t('myStorage.signOut')}
          </button>
        </form>
      </div>
      <p className="mt-1 text-sm text-gray-700">{t('myStorage.signedInAs', { email })}</p>
      <NoticeBanner email={email} locale={locale} className="mt-4" />
      {bookings.length === 0 ? <p className="mt-6 text-gray-700">{t('myStorage.none')}</p> : null}
      <ul className="mt-6 space-y-3">
        {bookings.map((b) => (
          <li key={b.id}>
            <Link href={`/my-booking/${b.reference}`} className="block rounded-xl border border-gray-200 p-4 hover:border-brand-700">
              <span className="font-mono font-bold text-brand-800">{b.reference}</span>
              <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold">{t(`statuses.${b.status}`)}</span>
              <span className="mt-1 block text-sm text-gray-700">
                {pickLocalized<string>(b.unitType.name, locale) ?? b.unitType.code.toUpperCase()}
                {b.unit && (b.status === 'confirmed' || b.status === 'active') ? ` · ${b.unit.number}` : ''} · {formatLongDate(b.startDate.toISOString().slice(0, 10), locale)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-gray-600">
        <a href={localizedPath(locale, '/booking-v2')} className="underline">
          {t('myStorage.bookAnother')}
        </a>
      </p>
    </section>
  );
}
