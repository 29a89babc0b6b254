/** Indexable public pages (paths without locale prefix), in sitemap order. /legal is public but marked noindex, so it stays out. */
export const INDEXABLE_PAGES: readonly { path: string; priority: number; changeFrequency: 'daily' | 'weekly' | 'monthly' }[] = [
  { path: '/', priority: 1, changeFrequency: 'daily' },
  // The booking wizard is where a search for "book storage Phuket" should land; its unit list changes daily.
  { path: '/booking-v2', priority: 0.9, changeFrequency: 'daily' },
  { path: '/space-calculator', priority: 0.8, changeFrequency: 'weekly' },
  { path: '/faq', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/greenbox', priority: 0.7, changeFrequency: 'monthly' },
  { path: '/mobile-features', priority: 0.4, changeFrequency: 'monthly' },
];

/** Paths search engines must not crawl (each also under /th and /ru): staff, payment, portal, API and test pages. */
export const PRIVATE_PATHS: readonly string[] = [
  '/admin',
  '/checkout',
  '/booking-v2-success',
  '/my-booking',
  '/api',
  '/promptpay-demo',
  '/test-payment-urls',
  '/payment-method-test',
  '/mobile-booking-test',
  '/test',
];
