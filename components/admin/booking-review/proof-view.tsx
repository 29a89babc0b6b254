import { getLocale, getTranslations } from 'next-intl/server';
import { SlipQrFacts } from '@/app/admin/_components/slip-qr-facts';
import { Badge, statusTone } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { reviewFormat } from './format';

type Proof = BookingReviewView['booking']['proofs'][number];

/** One payment slip: its file, its status, any other booking behind the same slip, and the file itself (or a link). */
export async function ProofView({ view, proof: p, size }: { view: BookingReviewView; proof: Proof; size: 'large' | 'small' | 'link' }) {
  const [t, tw, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('security.proofWarning'), getLocale()]);
  const { when } = reviewFormat(locale);
  const same = view.sameContent.get(p.id) ?? [];
  return (
    <>
      <p>
        <a href={`/admin/proofs/${p.id}`} target="_blank" rel="noreferrer" className="text-brand-800 underline">{p.fileName}</a>{' '}
        <Badge tone={statusTone(p.status)}>{t(`proofStatus.${p.status}`)}</Badge> · {when(p.uploadedAt)}
        {p.note ? <span className="block text-slate-600">{p.note}</span> : null}
      </p>
      {same.length ? (
        <div role="alert" className="mt-2 rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">{tw('title')}</p>
          <p className="mt-1">{tw('body')}</p>
          <ul className="mt-1 list-disc pl-5">
            {same.map((o) => (
              <li key={o.id}>
                <a href={`/admin/booking-review/${o.bookingId}`} className="font-mono underline">{o.reference}</a> · {o.customerName} ·{' '}
                <Badge tone={o.sameCustomer ? 'amber' : 'red'}>{o.sameCustomer ? tw('sameCustomer') : tw('otherCustomer')}</Badge>
                {o.match === 'lookalike' ? <> · {tw('lookalike')}</> : null} · {when(o.uploadedAt)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
