import { getLocale, getTranslations } from 'next-intl/server';
import { Badge, Card, statusTone } from '@/app/admin/_components/ui';
import type { BookingReviewView } from '@/lib/admin/booking-review-view';
import { reviewFormat } from './format';
import { RegeneratePinForm, RejectIdentityForm, VerifyIdentityForm } from './access-forms';

/** The customer's identity documents, staff's verdict on them, the PIN's regeneration and the gate's history. */
export async function IdentityCard({ view }: { view: BookingReviewView }) {
  const [t, tm, locale] = await Promise.all([getTranslations('admin.review'), getTranslations('moveIn'), getLocale()]);
  const { when } = reviewFormat(locale);
  const b = view.booking;
  return (
    <Card title={tm('admin.identity')} className="mt-6" id="identity">
      {b.identityVerifiedAt ? <p className="mb-3 text-sm font-semibold text-green-800">{tm('admin.identityVerifiedAt', { date: when(b.identityVerifiedAt) })}</p> : null}
      {view.identityDocs.length === 0 ? <p className="text-sm text-slate-600">{tm('admin.identityNone')}</p> : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {view.identityDocs.map((d) => (
          <li key={d.id} className="text-sm">
            <p>
              {d.storageKey ? (
                <a href={`/admin/identity/${d.id}`} target="_blank" rel="noreferrer" className="text-brand-800 underline">{`${tm(`kinds.${d.kind}`)} · ${d.fileName}`}</a>
              ) : (
                <span>{`${tm(`kinds.${d.kind}`)} · ${d.fileName} · ${tm('admin.purged', { date: when(d.purgedAt) })}`}</span>
              )}{' '}
              <Badge tone={statusTone(d.status)}>{t(`proofStatus.${d.status}`)}</Badge> · {when(d.uploadedAt)}
              {d.note ? <span className="block text-slate-600">{d.note}</span> : null}
              {d.maskedAt ? <span className="block text-slate-600">{tm('admin.maskedAt', { date: when(d.maskedAt) })}</span> : null}
              {/* Masking before the check (docs/product-rules.md#personal-data-pdpa): pictures only, while pending. */}
              {d.storageKey && d.status === 'pending' && d.mimeType.startsWith('image/') ? (
                <a href={`/admin/identity/${d.id}/mask`} className="block text-brand-800 underline">{tm('admin.mask')}</a>
              ) : null}
            </p>
            {d.storageKey ? (
              d.mimeType === 'application/pdf' ? (
                <object data={`/admin/identity/${d.id}`} type="application/pdf" className="mt-2 h-72 w-full rounded border" aria-label={d.fileName} />
              ) : (
                // eslint-disable-next-line @next/next/no-img-element -- a private file streamed to staff, not an optimisable public image
                <img src={`/admin/identity/${d.id}`} alt={d.fileName} className="mt-2 max-h-72 rounded border" />
              )
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        {view.identityPending ? (
          <>
            <VerifyIdentityForm bookingId={b.id} />
            <RejectIdentityForm bookingId={b.id} />
          </>
        ) : null}
        {view.canRegeneratePin ? <RegeneratePinForm bookingId={b.id} /> : null}
      </div>
      {view.gateChanges.length ? (
        <>
          <h3 className="mt-4 font-semibold">{tm('admin.gateHistory')}</h3>
          <ul className="mt-1 text-sm">
            {view.gateChanges.map((g) => (
              <li key={g.id}>{`${when(g.createdAt)} · ${tm(`admin.actions.${g.action as 'grant'}`)} · ${tm(`admin.gateStatuses.${g.status as 'pending'}`)}${g.lastError ? ` · ${g.lastError}` : ''}`}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
