import { Heading, Section, Text } from '@react-email/components';
import { ActionButton, EmailLayout, KeyValue, type UnsubscribeLink } from './email-layout';

export interface BillingNoticeProps {
  lang: string;
  preview: string;
  footer: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  details: { label: string; value: string }[];
  button?: { href: string; label: string } | null;
  /** a second, plain link (for example the invoice PDF) */
  link?: { href: string; label: string } | null;
  /** marketing-type notices only (the waiting-list offer) */
  unsubscribe?: UnsubscribeLink;
}

/**
 * Every money email after the booking (receipt, invoice, reminder, holds, waiting-list offer, late fee, overlock,
 * default): one frame, the texts come translated from messages' `billingEmails`.
 */
export function BillingNoticeEmail({ lang, preview, footer, heading, greeting, paragraphs, details, button, link, unsubscribe }: BillingNoticeProps) {
  return (
    <EmailLayout lang={lang} preview={preview} footer={footer} unsubscribe={unsubscribe}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>
        {heading}
      </Heading>
      <Text style={{ fontSize: 14 }}>{greeting}</Text>
      {paragraphs.map((p, i) => (
        <Text key={i} style={{ fontSize: 14 }}>
          {p}
        </Text>
      ))}
      {details.length ? (
        <Section style={{ margin: '12px 0' }}>
          {details.map((d) => (
            <KeyValue key={d.label} label={d.label} value={d.value} />
          ))}
        </Section>
      ) : null}
      {button ? (
        <Section style={{ margin: '20px 0' }}>
          <ActionButton href={button.href}>{button.label}</ActionButton>
        </Section>
      ) : null}
      {link ? (
        <Text style={{ fontSize: 13 }}>
          <a href={link.href}>{link.label}</a>
        </Text>
      ) : null}
    </EmailLayout>
  );
}

BillingNoticeEmail.PreviewProps = {
  lang: 'en',
  preview: 'Invoice INV-2026-000123: ฿2,700 due 25 December 2026',
  footer: 'Phuket Self Storage · Cherngtalay · +66 93 654 1234',
  heading: 'Your invoice for next month',
  greeting: 'Hello Anna,',
  paragraphs: ['Invoice INV-2026-000123 for your unit M-03 is ready. Please pay by Friday, 25 December 2026.'],
  details: [
    { label: 'Invoice', value: 'INV-2026-000123' },
    { label: 'Amount', value: '฿2,700' },
  ],
  button: { href: 'http://localhost:3000/pay-invoice/x?token=y', label: 'Pay now' },
  link: null,
} satisfies BillingNoticeProps;
