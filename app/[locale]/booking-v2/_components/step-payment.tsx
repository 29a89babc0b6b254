'use client';
import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from '@/lib/i18n/compiled-client';
import { formatTHB, intlLocale } from '@/lib/format/money';
import { cryptoAmounts } from '@/lib/pricing';
import type { WizardData } from '@/lib/booking/wizard-data';
import { formatBangkokDateTime } from '@/lib/dates/bangkok';
import type { WizardPaymentStatus } from '@/lib/booking/draft';
import { CopyButton } from '@/components/payments/copy-button';
import { ProofUpload } from './proof-upload';
import { Notice, primaryButton, secondaryButton } from './ui';
import { OFFLINE_HOLD_HOURS } from '@/lib/holds/rules';

/** How long the "payment sent" confirmation stays before the wizard moves on (docs/product-rules.md#booking-wizard). */
const CRYPTO_CONFIRM_MS = 1500;

export function CryptoPayment({
  totalSatang,
  crypto,
  status,
  proofName,
  onSent,
  onProofUploaded,
  onDone,
}: {
  totalSatang: number | null;
  crypto: WizardData['crypto'];
  status: WizardPaymentStatus | null;
  proofName: string | null;
  onSent: () => void;
  onProofUploaded: (id: string, fileName: string) => void;
  onDone: () => void;
}) {
  const t = useTranslations('booking.crypto');
  const locale = useLocale();
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(onDone, CRYPTO_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirmed, onDone]);

  let amounts: ReturnType<typeof cryptoAmounts> | null = null;
  if (totalSatang != null && totalSatang > 0) {
    try {
      amounts = cryptoAmounts(totalSatang, crypto.rates);
    } catch {
      amounts = null;
    }
  }
  if (!amounts || totalSatang == null) {
    return (
      <Notice
        tone="error"
        title={t('unavailable')}
        action={
          <button type="button" className={secondaryButton} onClick={() => window.location.reload()}>
            {t('tryAgain')}
          </button>
        }
      />
    );
  }

  const nf = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 6, numberingSystem: 'latn' });
  const rateTime = formatBangkokDateTime(new Date(crypto.rates.updatedAt), locale);
  const sent = status === 'crypto_payment_sent' || status === 'proof_uploaded';
  const coins = [
    { key: 'usdt', name: t('usdt'), amount: `${amounts.usdt} USDT`, address: crypto.wallets.usdt, network: crypto.wallets.usdtNetwork },
    { key: 'btc', name: t('bitcoin'), amount: `${amounts.btc} BTC`, address: crypto.wallets.btc, network: '' },
  ];

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      {confirmed || status === 'crypto_payment_sent' ? (
        <Notice tone="success" title={t('confirmedTitle')}>
          {t('confirmedBody')}
        </Notice>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {coins.map((coin) => (
          <section key={coin.key} data-coin={coin.key} className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
            <h3 className="text-base font-semibold text-gray-900">{coin.name}</h3>
            <p className="text-sm text-gray-700">{t('amountThb', { amount: formatTHB(totalSatang, locale) })}</p>
            <p className="text-sm text-gray-700">
              {t('sendExactly')}: <strong className="font-mono text-base text-gray-900">{coin.amount}</strong>
            </p>
            {coin.network ? <p className="text-xs text-gray-600">{t('usdtNetwork', { network: coin.network })}</p> : null}
            <p className="text-xs font-medium text-gray-700">{t('walletAddress')}</p>
            <p className="break-all rounded bg-gray-50 p-2 font-mono text-xs text-gray-900">{coin.address}</p>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={coin.address} label={t('copyAddress', { coin: coin.name })} copyText={t('copy')} copiedText={t('copied')} className={secondaryButton} />
              <button
                type="button"
                className={primaryButton}
                disabled={sent || confirmed}
                onClick={() => {
                  onSent();
                  setConfirmed(true);
                }}
              >
                {t('sent')}
              </button>
            </div>
          </section>
        ))}
      </div>
      <p className="text-xs text-gray-600">
        {t('rate', { thb: nf.format(crypto.rates.thbPerUsd), usd: nf.format(crypto.rates.usdPerBtc) })}
        {rateTime ? ` · ${t('rateTime', { time: rateTime })}` : null}
      </p>
      <ProofUpload uploadedName={proofName} onUploaded={onProofUploaded} />
    </div>
  );
}

export function BankTransferPayment({
  totalSatang,
  bank,
  proofName,
  onProofUploaded,
  onContinue,
  lastUnitOf = null,
}: {
  totalSatang: number | null;
  bank: WizardData['bank'];
  /** the unit type's name when only its last free unit is left: not held while the transfer is checked */
  lastUnitOf?: string | null;
  proofName: string | null;
  onProofUploaded: (id: string, fileName: string) => void;
  onContinue: () => void;
}) {
  const t = useTranslations('booking.bank');
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('bankName'), bank.bankName],
    [t('branch'), bank.branch],
    [t('accountName'), bank.accountName],
    [t('accountNumber'), bank.accountNumber],
    [t('swift'), bank.swift],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t('subtitle')}</p>
      <dl className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white text-sm">
        {totalSatang != null ? (
          <div className="flex justify-between gap-3 p-3">
            <dt className="text-gray-700">{t('amount')}</dt>
            <dd className="font-bold text-gray-900">{formatTHB(totalSatang, locale)}</dd>
          </div>
        ) : null}
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="flex justify-between gap-3 p-3">
              <dt className="text-gray-700">{k}</dt>
              <dd className="text-right font-medium text-gray-900">{v}</dd>
            </div>
          ))}
      </dl>
      <p className="text-sm text-gray-700">{lastUnitOf ? t('noteLastUnit', { unitType: lastUnitOf }) : t('note', { hours: OFFLINE_HOLD_HOURS })}</p>
      <ProofUpload uploadedName={proofName} onUploaded={onProofUploaded} />
      <button type="button" className={primaryButton} onClick={onContinue}>
        {proofName ? t('continue') : t('continueWithout')}
      </button>
    </div>
  );
}
