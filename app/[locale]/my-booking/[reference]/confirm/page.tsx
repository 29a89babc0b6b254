import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { unitTypeName } from '@/lib/units/listing';
import { formatLongDate, formatBangkokDateTime } from '@/lib/dates/bangkok';
import { holdToConfirm } from '@/lib/portal/view';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { signedPortalPath } from '@/lib/booking/portal-link';
import { OneButtonAsk, OneButtonPage } from '../../_components/one-button-page';
import { confirmHoldAction } from '../../actions';
import { onReserve } from '@/lib/booking/no-unit';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: toLocale((await params).locale), namespace: 'holds.confirm' });
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * Where the "Confirm my reservation" link of an unpaid hold lands (docs/product-rules.md#holds). Like the sign-in
 * link, it takes a button press: mail scanners that open every link must not confirm holds nobody asked for.
 * Without a valid link the page is a 404, whether or not the reference exists. Per request: it reads the booking.
 */
export default async function ConfirmHoldPage({ params, searchParams }: { params: Promise<{ locale: Locale; reference: string }>; searchParams: Promise<{ token?: string | string[] }> }) {
  const { locale, reference } = await params;
  setRequestLocale(locale);
  await connection();
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw : '';
  const b = await holdToConfirm(reference, token);
  if (!b) notFound();
  const t = await getTranslations('holds.confirm');
  const tb = await getTranslations('bookingSuccess');
  const held = b.status === 'reserved' && !isOnlineMethod(b.paymentMethod) && b.holdExpiresAt !== null && b.holdExpiresAt > new Date();
  const portal = signedPortalPath(locale, reference);

  let body;
  if (b.paymentStatus === 'paid') body = <p role="status" className="mt-4">{t('paid')}</p>;
  else if (!held) body = <p role="alert" className="mt-4 text-red-800">{t('notHeld')}</p>;
  // On the reserve no unit is kept for it (docs/product-rules.md#inventory): the words promise none.
  else if (b.holdConfirmedAt && b.holdExpiresAt) body = <p role="status" className="mt-4 font-medium text-brand-800">{t(onReserve(b) ? 'confirmedReserve' : 'confirmed', { time: formatBangkokDateTime(b.holdExpiresAt, locale) })}</p>;
  else {
    body = (
      <OneButtonAsk
        intro={t('intro', { reference, unit: unitTypeName(b.unitType, locale), date: formatLongDate(b.startDate.toISOString().slice(0, 10), locale) })}
        action={confirmHoldAction}
        button={t('button')}
        fields={{ reference, token }}
      />
    );
  }
  return (
    <OneButtonPage
      title={t('title')}
      footer={
        <Link href={portal} className="mt-6 inline-block text-sm font-medium text-brand-700 underline">
          {tb('manageBooking')}
        </Link>
      }
    >
      {body}
    </OneButtonPage>
  );
}
