import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { db } from '@/lib/db';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { Link } from '@/lib/i18n/link';
import { unitTypeName } from '@/lib/units/listing';
import { formatLongDate } from '@/lib/dates/bangkok';
import { formatBangkokDateTime } from '@/lib/booking/format';
import { verifyHoldConfirmationToken } from '@/lib/booking/hold-confirmation';
import { isOnlineMethod } from '@/lib/booking/payment-methods';
import { signedPortalPath } from '@/lib/booking/portal-link';
import { PortalForm } from '../../_components/portal-form';
import { confirmHoldAction } from '../../actions';

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
  if (!/^BF2-[0-9A-Z]{8}$/.test(reference) || !verifyHoldConfirmationToken(reference, token)) notFound();
  const b = await db.booking.findUnique({ where: { reference }, include: { unitType: { select: { code: true, name: true } } } });
  if (!b) notFound();
  const t = await getTranslations('holds.confirm');
  const tb = await getTranslations('bookingSuccess');
  const held = b.status === 'reserved' && !isOnlineMethod(b.paymentMethod) && b.holdExpiresAt !== null && b.holdExpiresAt > new Date();
  const portal = signedPortalPath(locale, reference);

  let body;
  if (b.paymentStatus === 'paid') body = <p role="status">{t('paid')}</p>;
  else if (!held) body = <p role="alert" className="text-red-800">{t('notHeld')}</p>;
  else if (b.holdConfirmedAt && b.holdExpiresAt) body = <p role="status" className="font-medium text-brand-800">{t('confirmed', { time: formatBangkokDateTime(b.holdExpiresAt, locale) })}</p>;
  else {
    body = (
      <>
        <p className="text-gray-700">{t('intro', { reference, unit: unitTypeName(b.unitType, locale), date: formatLongDate(b.startDate.toISOString().slice(0, 10), locale) })}</p>
        <div className="mt-6">
          <PortalForm action={confirmHoldAction} submit={t('button')} working={t('button')}>
            <input type="hidden" name="reference" value={reference} />
            <input type="hidden" name="token" value={token} />
          </PortalForm>
        </div>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{t('title')}</h1>
      <div className="mt-4">{body}</div>
      <Link href={portal} className="mt-6 inline-block text-sm font-medium text-brand-700 underline">
        {tb('manageBooking')}
      </Link>
    </section>
  );
}
