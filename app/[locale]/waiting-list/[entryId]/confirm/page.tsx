import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localizedPath, toLocale, type Locale } from '@/lib/i18n/routing';
import { waitingListToken } from '@/lib/waiting-list/tokens';
import { waitingListToConfirm } from '@/lib/waiting-list/view';
import { unitTypeName } from '@/lib/units/listing';
import { OneButtonAsk, OneButtonPage } from '@/app/[locale]/my-booking/_components/one-button-page';
import { confirmWaitingListAction } from '../../actions';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: toLocale((await params).locale), namespace: 'waitingListConfirm.page' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * The double opt-in of the waiting list (docs/product-rules.md#holds, "Emails"): the emailed link lands here and the
 * place is confirmed by pressing the button, never by opening the page (mail scanners open links). Per request.
 */
export default async function ConfirmWaitingListPage({ params, searchParams }: { params: Promise<{ locale: Locale; entryId: string }>; searchParams: Promise<{ token?: string | string[] }> }) {
  const { locale, entryId } = await params;
  setRequestLocale(locale);
  await connection();
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw : '';
  const t = await getTranslations('waitingListConfirm.page');
  const [found, tp] = await Promise.all([waitingListToConfirm(entryId, token), getTranslations('payment.waitingList')]);
  const entry = found?.entry ?? null;
  const position = found?.position ?? null;
  const unit = entry ? unitTypeName(entry.unitType, locale) : '';
  return (
    <OneButtonPage title={t('title')}>
      {!entry ? (
        <p role="alert" className="mt-4 text-gray-700">{t('invalid')}</p>
      ) : entry.confirmedAt ? (
        <>
          <p role="status" className="mt-4 font-medium text-brand-800">{t('confirmed', { unit })}</p>
          {/* Offers go out one at a time in this order (docs/product-rules.md#waiting-list). */}
          {position ? <p className="mt-3 text-gray-800">{tp('position', { position: position.position, total: position.total, unitType: unit })}</p> : null}
          <p className="mt-3">
            <a href={`${localizedPath(locale, `/waiting-list/${entryId}`)}?token=${waitingListToken(entryId)}`} className="text-brand-800 underline">
              {t('follow')}
            </a>
          </p>
        </>
      ) : (
        <OneButtonAsk intro={t('intro', { unit })} action={confirmWaitingListAction} button={t('button')} fields={{ entryId, token }} />
      )}
    </OneButtonPage>
  );
}
