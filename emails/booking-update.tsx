import { Heading, Section, Text } from '@react-email/components';
import { ActionButton, EmailLayout, KeyValue } from './email-layout';

export interface BookingUpdateEmailProps {
  lang: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  details: { label: string; value: string }[];
  button: { href: string; label: string };
  footer: string;
}

/** A change to a booking the customer should hear about (payment verified or refused, cancellation, notice, end). */
export function BookingUpdateEmail({ lang, preview, heading, paragraphs, details, button, footer }: BookingUpdateEmailProps) {
  return (
    <EmailLayout lang={lang} preview={preview} footer={footer}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>{heading}</Heading>
      {paragraphs.map((p, i) => (
        <Text key={i} style={{ fontSize: 14 }}>{p}</Text>
      ))}
      {details.length ? (
        <Section style={{ margin: '12px 0' }}>
          {details.map((d) => (
            <KeyValue key={d.label} label={d.label} value={d.value} />
          ))}
        </Section>
      ) : null}
      <Section style={{ margin: '20px 0' }}>
        <ActionButton href={button.href}>{button.label}</ActionButton>
      </Section>
    </EmailLayout>
  );
}

BookingUpdateEmail.PreviewProps = {
  lang: 'en',
  preview: 'Your payment was verified',
  heading: 'Your booking is confirmed',
  paragraphs: ['We verified your bank transfer. Your storage unit is ready from your move-in date.'],
  details: [{ label: 'Booking reference', value: 'BF2-7K3M9Q2X' }],
  button: { href: 'http://localhost:3000/my-booking/BF2-7K3M9Q2X', label: 'View your booking' },
  footer: 'Phuket Self Storage',
} satisfies BookingUpdateEmailProps;
