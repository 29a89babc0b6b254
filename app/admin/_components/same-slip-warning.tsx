import { getLocale, getTranslations } from 'next-intl/server';
import { adminDates } from '@/lib/dates/admin-dates';
import type { SameContentProof } from '@/lib/payments/proofs/proof-fingerprint';
import { Badge } from './ui';

/**
 * One slip behind several payments or bookings, said beside the slip wherever staff check it (the booking review and
 * the payments queue; docs/product-rules.md#security-third-pass-issue-22, "Slip fingerprints"): the others, whose
 * customer, and how alike. Titled "Same file used on another payment" when every other is of this slip's booking (last
 * month's slip sent again), or on the queue when one is the very same file; else "This slip was also sent for other
 * bookings".
 */
export async function SameSlipWarning({ same, bookingId, sameFileFirst = false }: { same: readonly SameContentProof[]; bookingId: string; sameFileFirst?: boolean }) {
  if (!same.length) return null;
  const [tw, tq, locale] = await Promise.all([getTranslations('security.proofWarning'), getTranslations('lifecycle.queue'), getLocale()]);
  const otherBooking = same.some((o) => o.bookingId !== bookingId);
  const title = !otherBooking || (sameFileFirst && same.some((o) => o.match === 'exact')) ? tq('duplicates') : tw('title');
  const when = adminDates(locale).dateTime;
  return (
    <div role="alert" className="mt-2 rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{tw('body')}</p>
      <ul className="mt-1 list-disc pl-5">
        {same.map((o) => (
          <li key={o.id}>
            <a href={`/admin/booking-review/${o.bookingId}`} className="font-mono underline">
              {o.reference}
            </a>{' '}
            {o.invoiceNumber ? <span className="font-mono">· {o.invoiceNumber} </span> : null}· {o.customerName} · <Badge tone={o.sameCustomer ? 'amber' : 'red'}>{o.sameCustomer ? tw('sameCustomer') : tw('otherCustomer')}</Badge>
            {o.match === 'lookalike' ? <> · {tw('lookalike')}</> : null} · {when(o.uploadedAt)}
          </li>
        ))}
      </ul>
    </div>
  );
}
