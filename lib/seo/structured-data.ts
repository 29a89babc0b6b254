// Pure builders for schema.org JSON-LD. Every figure comes from the caller's data (docs/product-rules.md#agreement-and-business-facts: never hard-coded).
import { toBaht } from '@/lib/pricing';

export interface PriceRange {
  min: number; // satang
  max: number; // satang
}

export interface RatedUnit {
  category: 'indoor' | 'outdoor' | 'stack';
  monthlyRate: number; // satang
}

/** Lowest and highest monthly rate of the climate-controlled (indoor) and drive-up (outdoor) units. */
export function unitPriceRanges(units: readonly RatedUnit[]): { indoor: PriceRange | null; driveUp: PriceRange | null; all: PriceRange | null } {
  const range = (rates: number[]): PriceRange | null =>
    rates.length ? { min: Math.min(...rates), max: Math.max(...rates) } : null;
  const positive = units.filter((u) => u.monthlyRate > 0);
  return {
    indoor: range(positive.filter((u) => u.category === 'indoor').map((u) => u.monthlyRate)),
    driveUp: range(positive.filter((u) => u.category === 'outdoor').map((u) => u.monthlyRate)),
    all: range(positive.map((u) => u.monthlyRate)),
  };
}

export interface LocalBusinessInput {
  name: string;
  description: string;
  url: string;
  logoUrl: string;
  telephone: string;
  email: string;
  streetAddress: string;
  latitude: number;
  longitude: number;
  mapUrl: string;
  officeDays: readonly string[]; // schema.org short day codes: Mo, Tu, ...
  opens: string;
  closes: string;
  /**
   * Round-the-clock gate access, e.g. '24 hours a day with your PIN' (null when the gate keeps office hours). A feature of
   * the place, not opening hours: the office keeps its own hours and search engines would read 24/7 hours as staffed.
   */
  roundTheClockAccess: string | null;
  rating: number;
  reviewCount: number;
  ranges: ReturnType<typeof unitPriceRanges>;
  offerNames: { indoor: string; driveUp: string };
  sameAs?: string[];
}

const DAY_NAMES: Record<string, string> = {
  Mo: 'https://schema.org/Monday',
  Tu: 'https://schema.org/Tuesday',
  We: 'https://schema.org/Wednesday',
  Th: 'https://schema.org/Thursday',
  Fr: 'https://schema.org/Friday',
  Sa: 'https://schema.org/Saturday',
  Su: 'https://schema.org/Sunday',
};

function offerFor(name: string, range: PriceRange) {
  return {
    '@type': 'AggregateOffer',
    name,
    priceCurrency: 'THB',
    lowPrice: toBaht(range.min),
    highPrice: toBaht(range.max),
    unitText: 'MON',
  };
}

export function localBusinessJsonLd(input: LocalBusinessInput) {
  const { ranges } = input;
  const offers = [
    ranges.indoor && offerFor(input.offerNames.indoor, ranges.indoor),
    ranges.driveUp && offerFor(input.offerNames.driveUp, ranges.driveUp),
  ].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': ['SelfStorage', 'LocalBusiness'],
    '@id': `${input.url}#business`,
    name: input.name,
    description: input.description,
    url: input.url,
    logo: input.logoUrl,
    image: input.logoUrl,
    telephone: input.telephone,
    email: input.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: input.streetAddress,
      addressLocality: 'Cherngtalay',
      addressRegion: 'Phuket',
      postalCode: '83110',
      addressCountry: 'TH',
    },
    geo: { '@type': 'GeoCoordinates', latitude: input.latitude, longitude: input.longitude },
    hasMap: input.mapUrl,
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: input.officeDays.map((d) => DAY_NAMES[d]).filter(Boolean),
        opens: input.opens,
        closes: input.closes,
      },
    ],
    ...(input.roundTheClockAccess
      ? { amenityFeature: [{ '@type': 'LocationFeatureSpecification', name: input.roundTheClockAccess, value: true }] }
      : {}),
    availableLanguage: ['en', 'th', 'ru'],
    currenciesAccepted: 'THB',
    paymentAccepted: 'Credit card, PromptPay, Bank transfer, Bitcoin, USDT, Cash',
    ...(ranges.all ? { priceRange: `฿${toBaht(ranges.all.min)}–฿${toBaht(ranges.all.max)} / month` } : {}),
    ...(offers.length ? { makesOffer: offers } : {}),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: input.rating,
      reviewCount: input.reviewCount,
      bestRating: 5,
      worstRating: 1,
    },
    ...(input.sameAs?.length ? { sameAs: input.sameAs } : {}),
  };
}

export function faqPageJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.question,
      acceptedAnswer: { '@type': 'Answer', text: i.answer },
    })),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
