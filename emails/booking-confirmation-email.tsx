import { Column, Heading, Row, Section, Text } from '@react-email/components';
import { unitTypeText, type ConfirmationSummary } from '@/lib/booking/snapshot';
import { confirmationBreakdown } from '@/lib/booking/confirmation-breakdown';
import type { Translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { cryptoAmounts, type PaymentMethod } from '@/lib/pricing';
import { formatTHB } from '@/lib/format/money';
import { greetingName } from '@/lib/format/text';
import { formatLongDate, todayInBangkok, formatBangkokDateTime } from '@/lib/dates/bangkok';
import { localizedBank, type BankSettings, type CryptoRateSettings, type CryptoWalletSettings } from '@/lib/settings';
import type { OfficeHoursText } from '@/lib/settings/office-hours';
import { ActionButton, brand, EmailLayout, KeyValue } from './email-layout';
import { OFFLINE_HOLD_HOURS } from '@/lib/holds/rules';

export interface BookingConfirmationProps {
  t: Translator<'emails'>;
  summary: ConfirmationSummary;
  /** formatted money and dates, already in the customer's language */
  fmt: { money: (thb: number) => string; startDate: string; createdAt: string; holdUntil: string | null };
  portalUrl: string;
  unitNumber: string | null;
  footer: string;
  /**
   * a booking accepted on the reserve holds no unit yet: what happens when its payment comes, texts already translated
   * (docs/product-rules.md#inventory, "Booked on the reserve")
   */
  reserve?: { title: string; body: string; next: string; until: string | null } | null;
  /** while an unpaid hold waits for the emailed confirmation (docs/product-rules.md#holds): texts already translated */
  confirmHold?: { url: string; title: string; body: string; button: string } | null;
  howToPay:
    | { kind: 'bank'; amount: string; bank: { bankName: string; branch: string; accountName: string; accountNumber: string; swift: string } }
    | { kind: 'crypto'; time: string; lines: { coin: string; amount: string; address: string }[] }
    | { kind: 'cash'; amount: string; officeHours: OfficeHoursText }
    | { kind: 'card' | 'promptpay' };
}

/** Money and dates of the confirmation in the reader's language; `holdUntil` only while a hold matters. */
export function confirmationFormats(summary: ConfirmationSummary, locale: Locale, createdAt: Date, holdUntil: Date | null): BookingConfirmationProps['fmt'] {
  return {
    money: (thb) => formatTHB(thb * 100, locale),
    startDate: formatLongDate(summary.rentalStartDateISO, locale),
    createdAt: formatLongDate(todayInBangkok(createdAt), locale),
    holdUntil: holdUntil ? formatBangkokDateTime(holdUntil, locale) : null,
  };
}

/** The "how to pay" part for a method: the bank account, the coins with amounts and wallets, or the cash amount. */
export function howToPayFor(
  method: PaymentMethod,
  totalSatang: number,
  settings: { bank: BankSettings; cryptoWallets: CryptoWalletSettings; cryptoRates: CryptoRateSettings; officeHours: OfficeHoursText },
  locale: Locale,
): BookingConfirmationProps['howToPay'] {
  const total = formatTHB(totalSatang, locale);
  switch (method) {
    case 'bank_transfer':
      return { kind: 'bank', amount: total, bank: localizedBank(settings.bank, locale) };
    case 'crypto': {
      const { cryptoWallets: wallets, cryptoRates: rates } = settings;
      const amounts = cryptoAmounts(totalSatang, rates);
      return {
        kind: 'crypto',
        time: formatBangkokDateTime(new Date(rates.updatedAt), locale),
        lines: [
          { coin: `USDT (${wallets.usdtNetwork})`, amount: amounts.usdt, address: wallets.usdt },
          { coin: 'Bitcoin', amount: amounts.btc, address: wallets.btc },
        ],
      };
    }
    case 'cash':
      return { kind: 'cash', amount: total, officeHours: settings.officeHours };
    default:
      return { kind: method };
  }
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Row>
      <Column style={{ fontSize: 14, padding: '3px 0', fontWeight: strong ? 700 : 400 }}>{label}</Column>
      <Column align="right" style={{ fontSize: 14, padding: '3px 0', fontWeight: strong ? 700 : 400 }}>{value}</Column>
    </Row>
  );
}

/** The booking confirmation summary, with the portal link and, for offline methods, how to pay. */
export function BookingConfirmationEmail({ t, summary: s, fmt, portalUrl, unitNumber, footer, howToPay, confirmHold, reserve }: BookingConfirmationProps) {
  const li = s.lineItems;
  const money = fmt.money;
  const breakdown = confirmationBreakdown(s, t, money);
  return (
    <EmailLayout lang={s.locale} preview={t('confirmation.preview', { reference: s.bookingRef, total: money(li.summary.totalDueTodayTHB) })} footer={footer}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>{t('confirmation.heading')}</Heading>
      <Text style={{ fontSize: 14 }}>{t('greeting', { name: greetingName(s.customer.name) })}</Text>
      <Text style={{ fontSize: 14 }}>{reserve ? t('confirmation.introReserve') : t('confirmation.intro')}</Text>
      {reserve ? (
        <Section style={{ border: '2px solid #d97706', borderRadius: 8, padding: 16, margin: '12px 0', background: '#fffbeb' }}>
          <Heading as="h2" style={{ fontSize: 17, margin: '0 0 6px' }}>{reserve.title}</Heading>
          <Text style={{ fontSize: 14, margin: '0 0 6px' }}>{reserve.body}</Text>
          <Text style={{ fontSize: 14, margin: '0 0 6px' }}>{reserve.next}</Text>
          {reserve.until ? <Text style={{ fontSize: 14, margin: 0 }}>{reserve.until}</Text> : null}
        </Section>
      ) : null}
      {confirmHold ? (
        <Section style={{ border: '2px solid #d97706', borderRadius: 8, padding: 16, margin: '12px 0', background: '#fffbeb' }}>
          <Heading as="h2" style={{ fontSize: 17, margin: '0 0 6px' }}>{confirmHold.title}</Heading>
          <Text style={{ fontSize: 14, margin: '0 0 12px' }}>{confirmHold.body}</Text>
          <ActionButton href={confirmHold.url}>{confirmHold.button}</ActionButton>
        </Section>
      ) : null}
      <Section style={{ border: `1px solid ${brand.border}`, borderRadius: 8, padding: 16, margin: '12px 0' }}>
        <KeyValue label={t('confirmation.reference')} value={s.bookingRef} />
        <KeyValue label={t('confirmation.createdAt')} value={fmt.createdAt} />
        <KeyValue label={t('confirmation.startDate')} value={fmt.startDate} />
        <KeyValue label={t('confirmation.unitType')} value={unitTypeText(s.unit)} />
        <KeyValue label={t('confirmation.unitNumber')} value={unitNumber ?? t('confirmation.unitTba')} />
        <KeyValue label={t('confirmation.term')} value={s.terms.termLabel} />
        <KeyValue
          label={t('confirmation.insurance')}
          value={
            s.terms.insuranceMonthlyTHB > 0
              ? t('confirmation.insuranceValue', { price: money(s.terms.insuranceMonthlyTHB), cover: money(s.terms.insuranceCoverageTHB) })
              : t('confirmation.noInsurance')
          }
        />
        {s.terms.promoCode ? <KeyValue label={t('confirmation.promoCode')} value={s.terms.promoCode} /> : null}
        {li.supplies.length ? (
          <KeyValue
            label={t('confirmation.supplies')}
            value={li.supplies.map((x) => t('confirmation.supplyLine', { name: x.label, qty: x.qty })).join(', ')}
          />
        ) : null}
        <KeyValue label={t('confirmation.paymentMethod')} value={s.payment.methodLabel} />
        {fmt.holdUntil ? <Text style={{ fontSize: 13, color: brand.muted }}>{t('confirmation.holdNote', { time: fmt.holdUntil })}</Text> : null}
      </Section>

      <Heading as="h2" style={{ fontSize: 17, margin: '16px 0 8px' }}>{t('confirmation.breakdown')}</Heading>
      <Section>
        {breakdown.rows.map((row) => (
          <Line key={row.key} label={row.label} value={row.value} strong={row.strong} />
        ))}
        <Text style={{ fontSize: 12, color: brand.muted, margin: '4px 0' }}>{breakdown.vatNote}</Text>
      </Section>

      <Heading as="h2" style={{ fontSize: 17, margin: '16px 0 8px' }}>{t('confirmation.howToPay')}</Heading>
      {howToPay.kind === 'bank' ? (
        <Section>
          <Text style={{ fontSize: 14 }}>{t('confirmation.bankIntro', { amount: howToPay.amount, reference: s.bookingRef, hours: OFFLINE_HOLD_HOURS })}</Text>
          <KeyValue label={t('confirmation.bankName')} value={howToPay.bank.bankName} />
          <KeyValue label={t('confirmation.branch')} value={howToPay.bank.branch} />
          <KeyValue label={t('confirmation.accountName')} value={howToPay.bank.accountName} />
          <KeyValue label={t('confirmation.accountNumber')} value={howToPay.bank.accountNumber} />
          <KeyValue label={t('confirmation.swift')} value={howToPay.bank.swift} />
        </Section>
      ) : howToPay.kind === 'crypto' ? (
        <Section>
          <Text style={{ fontSize: 14 }}>{t('confirmation.cryptoIntro', { time: howToPay.time, hours: OFFLINE_HOLD_HOURS })}</Text>
          {howToPay.lines.map((l) => (
            <Text key={l.coin} style={{ fontSize: 14, margin: '4px 0', wordBreak: 'break-all' }}>
              {t('confirmation.cryptoLine', l)}
            </Text>
          ))}
        </Section>
      ) : howToPay.kind === 'cash' ? (
        <Text style={{ fontSize: 14 }}>{t('confirmation.cashNote', { amount: howToPay.amount, hours: OFFLINE_HOLD_HOURS, ...howToPay.officeHours })}</Text>
      ) : (
        <Text style={{ fontSize: 14 }}>{howToPay.kind === 'card' ? t('confirmation.cardNote') : t('confirmation.promptpayNote')}</Text>
      )}

      <Section style={{ margin: '20px 0' }}>
        <ActionButton href={portalUrl}>{t('confirmation.portal')}</ActionButton>
      </Section>
    </EmailLayout>
  );
}
