import { getLocale, getTranslations } from 'next-intl/server';
import { formatTHB } from '@/lib/format/money';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import { bankName } from '@/lib/payments/proofs/slip-qr';
import { PROVIDER_REVIEWER, type SlipCheck } from '@/lib/payments/slip-verify';
import { Badge } from './ui';

/**
 * What the site read from a slip's own QR, shown beside the slip (docs/product-rules.md#thai-money): the sending bank
 * and transaction reference, and the slip-verification provider's answer when one was asked.
 */
export async function SlipQrFacts({ proof }: { proof: { mimeType: string; slipBank: string | null; slipTransRef: string | null; slipCheck: unknown; reviewedBy: string | null } }) {
  const [t, locale] = await Promise.all([getTranslations('admin.slipQr'), getLocale()]);
  const loc = locale === 'th' ? 'th' : 'en';
  if (!proof.slipBank || !proof.slipTransRef) {
    return <p className="mt-1 text-xs text-slate-600">{proof.mimeType.startsWith('image/') ? t('none') : t('pdf')}</p>;
  }
  const check = proof.slipCheck as SlipCheck | null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded border border-slate-200 bg-slate-50 p-2 text-xs">
      <dt className="text-slate-600">{t('bank')}</dt>
      <dd>
        {bankName(proof.slipBank)} ({proof.slipBank})
      </dd>
      <dt className="text-slate-600">{t('transaction')}</dt>
      <dd className="break-all font-mono">{proof.slipTransRef}</dd>
      {check ? (
        <>
          <dt className="text-slate-600">{t('provider')}</dt>
          <dd>
            {check.status === 'confirmed' && proof.reviewedBy === PROVIDER_REVIEWER ? (
              <Badge tone="green">{t('verifiedByProvider')}</Badge>
            ) : check.status === 'confirmed' ? (
              <Badge tone="green">{t('confirmed')}</Badge>
            ) : (
              <Badge tone="amber">{t(check.status === 'unavailable' ? 'unavailable' : 'mismatch')}</Badge>
            )}{' '}
            {check.reasons.length ? <span>{check.reasons.map((r) => t(`reasons.${r}`)).join(', ')}</span> : null}
            {check.amountSatang !== undefined ? <span className="block">{t('read', { amount: formatTHB(check.amountSatang, loc), account: check.receiverAccount ?? '—', at: check.transferredAt ? formatBangkokDateTime(new Date(check.transferredAt), loc) : '—' })}</span> : null}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
