import { describe, expect, it } from 'vitest';
import { faqPageJsonLd, localBusinessJsonLd, serializeJsonLd, unitPriceRanges } from './structured-data';

const units = [
  { category: 'indoor' as const, monthlyRate: 140_000 },
  { category: 'indoor' as const, monthlyRate: 1_200_000 },
  { category: 'outdoor' as const, monthlyRate: 350_000 },
  { category: 'outdoor' as const, monthlyRate: 1_300_000 },
  { category: 'stack' as const, monthlyRate: 650_000 },
  { category: 'indoor' as const, monthlyRate: 0 },
];

describe('unitPriceRanges', () => {
  it('computes indoor, drive-up and overall ranges from the rates, ignoring non-positive ones', () => {
    expect(unitPriceRanges(units)).toEqual({
      indoor: { min: 140_000, max: 1_200_000 },
      driveUp: { min: 350_000, max: 1_300_000 },
      all: { min: 140_000, max: 1_300_000 },
    });
    expect(unitPriceRanges([])).toEqual({ indoor: null, driveUp: null, all: null });
  });
});

describe('localBusinessJsonLd', () => {
  const input = {
    name: 'Phuket Self Storage',
    description: 'd',
    url: 'https://example.com/',
    logoUrl: 'https://example.com/icons/icon-512.png',
    telephone: '+66 93 654 1234',
    email: 'hello@example.com',
    streetAddress: 'Opposite Boat Avenue, Cherngtalay',
    latitude: 8,
    longitude: 98.3,
    mapUrl: 'https://maps.example/',
    officeDays: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
    opens: '09:00',
    closes: '18:00',
    roundTheClockAccess: '24/7 access with your own PIN code',
    rating: 4.7,
    reviewCount: 42,
    ranges: unitPriceRanges(units),
    offerNames: { indoor: 'Indoor', driveUp: 'Drive-up' },
  };
  const data = localBusinessJsonLd(input);
  it('states real hours, languages, rating and price ranges', () => {
    expect(data['@type']).toEqual(['SelfStorage', 'LocalBusiness']);
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '18:00' });
    expect(data.openingHoursSpecification[0].dayOfWeek).toHaveLength(6);
    expect(data.availableLanguage).toEqual(['en', 'th', 'ru']);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 42 });
    expect(data.priceRange).toBe('฿1400–฿13000 / month');
    expect(data.makesOffer).toEqual([
      expect.objectContaining({ name: 'Indoor', lowPrice: 1400, highPrice: 12000, priceCurrency: 'THB' }),
      expect.objectContaining({ name: 'Drive-up', lowPrice: 3500, highPrice: 13000 }),
    ]);
    expect(data.address).toMatchObject({ addressLocality: 'Cherngtalay', addressRegion: 'Phuket', addressCountry: 'TH' });
  });

  it('states 24/7 PIN access as a feature of the place, leaving the office hours as they are', () => {
    expect(data.amenityFeature).toEqual([{ '@type': 'LocationFeatureSpecification', name: '24/7 access with your own PIN code', value: true }]);
    expect(data.openingHoursSpecification).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/00:00|23:59|24:00/);
    const officeOnly = localBusinessJsonLd({ ...input, roundTheClockAccess: null });
    expect(officeOnly).not.toHaveProperty('amenityFeature');
  });
});

describe('faqPageJsonLd and serializeJsonLd', () => {
  it('builds questions and escapes < so text cannot end the script', () => {
    const json = serializeJsonLd(faqPageJsonLd([{ question: 'Q?', answer: '</script><b>' }]));
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).mainEntity[0]).toEqual({ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: '</script><b>' } });
  });
});
