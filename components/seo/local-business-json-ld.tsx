import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { instagramUrl } from '@/lib/settings';
import { publicLandingReviews, publicSettings } from '@/lib/site-data/readers';
import { getUnitTypeListingOrNull } from '@/lib/site-data/unit-listing';
import { absoluteUrl, siteUrl } from '@/lib/seo/metadata';
import { localBusinessJsonLd, unitPriceRanges } from '@/lib/seo/structured-data';
import { JsonLd } from './json-ld';

/**
 * The business as schema.org SelfStorage/LocalBusiness: hours and contact from settings, rating and review count
 * from the reviews data, price ranges from the live unit rates. Rendered by the home page.
 */
export async function LocalBusinessJsonLd({ locale }: { locale: Locale }) {
  const [t, { contact, hours }, reviews, units] = await Promise.all([
    getTranslations({ locale, namespace: 'meta' }),
    publicSettings(['contact', 'hours']),
    publicLandingReviews(),
    getUnitTypeListingOrNull(locale, 'structured data').then((units) => units ?? []),
  ]);
  const data = localBusinessJsonLd({
    name: t('siteName'),
    description: t('siteDescription'),
    url: absoluteUrl(locale, '/'),
    logoUrl: `${siteUrl()}/icons/icon-512.png`,
    telephone: contact.phone,
    email: contact.email,
    streetAddress: contact.address,
    latitude: contact.latitude,
    longitude: contact.longitude,
    mapUrl: contact.mapUrl,
    officeDays: hours.officeDays,
    opens: hours.opens,
    closes: hours.closes,
    roundTheClockAccess: t('jsonLd.pinAccess'),
    rating: reviews.rating,
    reviewCount: reviews.count,
    ranges: unitPriceRanges(units),
    offerNames: { indoor: t('jsonLd.indoorOffer'), driveUp: t('jsonLd.driveUpOffer') },
    sameAs: [instagramUrl(contact)],
  });
  return <JsonLd data={data} />;
}
