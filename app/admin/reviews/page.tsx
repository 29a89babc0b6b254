import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { adminPage } from '@/lib/admin/guard';
import { labelOf } from '@/lib/admin/labels';
import { ActionForm } from '../_components/action-form';
import { Card, PageTitle } from '../_components/ui';
import { updateReviewAction } from './actions';
import { reviewsForAdmin } from '@/lib/admin/section-reads';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('admin.reviews'))('title') };
}

/** Which reviews the home page shows, in which order; hidden ones stay stored (a sync would bring them back otherwise). */
export default async function ReviewsPage() {
  const { db } = await adminPage('reviews');
  const t = await getTranslations('admin.reviews');
  const reviews = await reviewsForAdmin(db);
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {reviews.map((r) => (
          <Card key={r.id}>
            <p className="text-sm font-semibold">{`${r.authorName} · ${'★'.repeat(r.rating)} · ${labelOf(t, `sources.${r.source}`, r.source)}`}</p>
            <p className="mt-1 line-clamp-4 text-sm text-slate-700">{r.text || t('noText')}</p>
            <div className="mt-3">
              <ActionForm action={updateReviewAction} submit={t('save')}>
                <input type="hidden" name="id" value={r.id} />
                <div className="flex flex-wrap items-center gap-4 text-sm">
                  <label className="flex items-center gap-1"><input type="checkbox" name="isActive" defaultChecked={r.isActive} /> {t('visible')}</label>
                  <label className="flex items-center gap-1"><input type="checkbox" name="showOnLanding" defaultChecked={r.showOnLanding} /> {t('onLanding')}</label>
                  <label className="flex items-center gap-1">{t('order')} <input type="number" name="displayOrder" min={0} max={1000} defaultValue={r.displayOrder} className="w-20 rounded border border-slate-300 px-2 py-1" /></label>
                </div>
              </ActionForm>
            </div>
          </Card>
        ))}
      </div>
    </>
  );
}
