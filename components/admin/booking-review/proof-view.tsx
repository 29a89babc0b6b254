import { getLocale, getTranslations } from 'next-intl/server';
import { SameSlipWarning } from '@/app/admin/_components/same-slip-warning';
import { SlipQrFacts } from '@/app/admin/_components/slip-qr-facts';
import { Badge, statusTone } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { reviewFormat } from './format';

type Proof = BookingReviewView['booking']['proofs'][number];

/** One payment slip: its file, its status, any other booking behind the same slip, and the file itself (or a link). */
export async function ProofView({ view, proof: p, size }: { view: BookingReviewView; proof: Proof; size: 'large' | 'small' | 'link' }) {
  const [t, locale] = await Promise.all([getTranslations('admin.review'), getLocale()]);
  const { when } = reviewFormat(locale);
  return (
    <>
      <p>
        <a href={`/admin/proofs/${p.id}`} target="_blank" rel="noreferrer" className="text-brand-800 underline">{p.fileName}</a>{' '}
        <Badge tone={statusTone(p.status)}>{t(`proofStatus.${p.status}`)}</Badge> · {when(p.uploadedAt)}
        {p.note ? <span className="block text-slate-600">{p.note}</span> : null}
      </p>
      <SameSlipWarning same={view.sameContent.get(p.id) ?? []} bookingId={view.booking.id} />
      {size === 'link' ? (
        <p className="text-slate-600">{t('slipBesideVerify')}</p>
      ) : p.mimeType === 'application/pdf' ? (
        <object data={`/admin/proofs/${p.id}`} type="application/pdf" className={`mt-2 w-full rounded border ${size === 'large' ? 'h-96' : 'h-72'}`} aria-label={p.fileName} />
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- a private file streamed to staff, not an optimisable public image
        <img src={`/admin/proofs/${p.id}`} alt={p.fileName} className={`mt-2 max-w-full rounded border ${size === 'large' ? 'max-h-96' : 'max-h-72'}`} />
      )}
      <SlipQrFacts proof={p} />
    </>
  );
}
