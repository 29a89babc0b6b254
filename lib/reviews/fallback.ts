/** A built-in review; the seed stores these as its first review rows. */
export interface FallbackReview {
  externalId: string;
  authorName: string;
  rating: number;
  text: string;
  /** days before the seed (or, without a database, before now) the review was published */
  ageDays: number;
  displayOrder: number;
}

/**
 * Built-in reviews used when Google review sync is not configured or fails.
 * The rating and count are shown with them (and in structured data) in that case.
 * Each carries its age in days rather than a fixed date or an English "2 weeks ago": the seed dates it that many
 * days before it runs, and the page prints the age in the reader's language.
 */
export const FALLBACK_RATING = 5;
export const FALLBACK_REVIEW_COUNT = 16;

export const FALLBACK_REVIEWS: FallbackReview[] = [
  {
    externalId: 'fallback-1',
    authorName: 'Siriporn Kaewmanee',
    rating: 5,
    text: 'Booked a medium unit online in about five minutes and it was ready when we arrived. The whole place is spotless and the staff were so friendly, they even lent us trolleys to unload.',
    ageDays: 14,
    displayOrder: 1,
  },
  {
    externalId: 'fallback-2',
    authorName: 'James Whitfield',
    rating: 5,
    text: 'We stored the contents of our villa while it was being renovated. The units are climate-controlled, so nothing came out musty after four months of rainy season, which is a small miracle in Phuket.',
    ageDays: 35,
    displayOrder: 2,
  },
  {
    externalId: 'fallback-3',
    authorName: 'Dmitry Sokolov',
    rating: 5,
    text: 'Very convenient 24/7 access with a PIN code, I often pick up my kitesurfing gear early in the morning. Clean, secure and the team speaks Russian too.',
    ageDays: 63,
    displayOrder: 3,
  },
  {
    externalId: 'fallback-4',
    authorName: 'Chloe Mitchell',
    rating: 5,
    text: 'Moving back to Perth for a few months and needed somewhere safe for our furniture. The team helped us with the move and packing boxes, and paying by card meant no deposit. Couldn’t recommend them more.',
    ageDays: 95,
    displayOrder: 4,
  },
  {
    externalId: 'fallback-5',
    authorName: 'Anucha Thongsuk',
    rating: 5,
    text: 'I keep stock for my shop in Cherngtalay in a drive-up unit. I can park right at the door, the facility is always clean and the office staff are helpful with tax invoices.',
    ageDays: 126,
    displayOrder: 5,
  },
  {
    externalId: 'fallback-6',
    authorName: 'Lukas Becker',
    rating: 5,
    text: 'Easy online booking, fair prices and a really friendly welcome at the office. My motorbike and surfboards are stored dry and safe while I travel.',
    ageDays: 155,
    displayOrder: 6,
  },
];

/** When a built-in review counts as published, seen from `now` (the seed's run, or the page view without a database). */
export function fallbackPublishedAt(review: Pick<FallbackReview, 'ageDays'>, now: Date): Date {
  return new Date(now.getTime() - review.ageDays * 24 * 60 * 60 * 1000);
}
