import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { toLocale, type Locale } from '@/lib/i18n/routing';
import { portalBooking } from '@/lib/portal/view';
import type { PortalSectionProps } from '@/components/portal/booking/context';
import { BookingSummary, SuspensionAlert } from '@/components/portal/booking/summary';
import { IdentitySection } from '@/components/portal/booking/identity';
import { InvoicesSection } from '@/components/portal/booking/invoices';
import { RentSection } from '@/components/portal/booking/rent';
import { LineSection } from '@/components/portal/booking/line';
import { PhotosSection } from '@/components/portal/booking/photos';
import { ProofSection } from '@/components/portal/booking/proof';
import { NoticeSection } from '@/components/portal/booking/notice';
import { AgreementLink, ContactSection } from '@/components/portal/booking/contact';
import { PrivacyPanel } from './privacy-panel';
import { NoticeBanner } from '../_components/notice-banner';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = toLocale(requested);
  const t = await getTranslations({ locale, namespace: 'portal' });
  return { title: t('booking.title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * One booking in the customer portal, reached through the signed link in every email or from 'My Storage'. Without
 * either it is a 404 that says nothing about whether the reference exists. One view model (lib/portal/view.ts),
 * rendered section by section (components/portal/booking): a new section is one line in the list below.
 */
export default async function MyBookingPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale; reference: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale, reference } = await params;
  setRequestLocale(locale);
  // Each showing of the gate PIN is an audit row: the page renders on every request.
  await connection();
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : undefined;
  const view = await portalBooking(reference, token);
  if (!view) notFound();
  const props: PortalSectionProps = { view, locale, token, cardUpdated: query.card === 'updated' };

  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <NoticeBanner email={view.booking.customer.email} locale={locale} />
      <BookingSummary {...props} />
      <SuspensionAlert {...props} />
      <IdentitySection {...props} />
      <InvoicesSection {...props} />
      <RentSection {...props} />
      <LineSection {...props} />
      <PrivacyPanel bookingId={view.booking.id} token={token} locale={locale} />
      <PhotosSection {...props} />
      <ProofSection {...props} />
      <NoticeSection {...props} />
      <ContactSection {...props} />
      <AgreementLink {...props} />
    </section>
  );
}
