import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { getUnitTypeListingOrNull } from '@/lib/site-data/unit-listing';
import { publicLandingReviews } from '@/lib/site-data/readers';
import { getSiteSettings } from '@/lib/site-data/site-settings';
import { pageMetadata } from '@/lib/seo/metadata';
import { Hero } from '@/components/home/hero';
import { Services } from '@/components/home/services';
import { ReviewsSection } from '@/components/home/reviews-section';
import { ContactSection } from '@/components/home/contact-section';
import { UnitsSection } from '@/components/units/units-section';
import { LocalBusinessJsonLd } from '@/components/seo/local-business-json-ld';

export const generateMetadata = pageMetadata('home', '/');

// Served from cache and refreshed when public data changes (docs/product-rules.md#caching).
export const revalidate = 10;

export default async function HomePage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [units, reviews, { contact, hours }] = await Promise.all([getUnitTypeListingOrNull(locale, 'home'), publicLandingReviews(), getSiteSettings()]);
  return (
    <>
      <Hero />
      <Services />
      <UnitsSection units={units} locale={locale} />
      <ReviewsSection data={reviews} locale={locale} />
      <ContactSection contact={contact} hours={hours} />
      <LocalBusinessJsonLd locale={locale} />
    </>
  );
}
