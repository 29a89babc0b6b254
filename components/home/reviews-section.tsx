import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { intlLocale } from '@/lib/format/money';
import type { LandingReview, LandingReviews } from '@/lib/reviews/queries';
import { formatReviewAge } from '@/lib/reviews/relative-time';
import { StarIcon } from './icons';

function Stars({ rating, label }: { rating: number; label: string }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="inline-flex text-amber-500">
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} className={`h-4 w-4 ${i < full ? '' : 'text-slate-300'}`} />
      ))}
    </span>
  );
}

/** The review's age in the page's language; Google's relative text only when the publication time is unknown. */
function ReviewAge({ review, locale, now }: { review: LandingReview; locale: Locale; now: Date }) {
  if (review.publishedAt) {
    return (
      <span className="text-slate-600">
        {' · '}
        <time dateTime={review.publishedAt.toISOString()}>{formatReviewAge(review.publishedAt, now, locale)}</time>
      </span>
    );
  }
  return review.relativeTime ? <span className="text-slate-600"> · {review.relativeTime}</span> : null;
}

/** Landing reviews with the rating and count of the latest successful sync (or the built-in fallback). */
export async function ReviewsSection({ data, locale }: { data: LandingReviews; locale: Locale }) {
  const t = await getTranslations('home.reviews');
  // The home page renders per request, so ages are counted from this visit.
  const now = new Date();
  const rating = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: 'latn' }).format(data.rating);
  return (
    <section aria-labelledby="reviews-title" className="render-when-visible mx-auto max-w-6xl px-4 py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('title')}
          </h2>
          <p className="mt-2 flex items-center gap-2 text-slate-700">
            <Stars rating={data.rating} label={t('ratingLabel', { rating })} />
            <span>{t('summary', { rating, count: data.count })}</span>
          </p>
        </div>
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {data.reviews.map((r) => (
          <li key={r.id}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Stars rating={r.rating} label={t('ratingLabel', { rating: r.rating })} />
              <blockquote className="mt-3 flex-1 text-sm leading-relaxed text-slate-800">“{r.text}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-slate-900">{r.authorName}</span>
                <ReviewAge review={r} locale={locale} now={now} />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
