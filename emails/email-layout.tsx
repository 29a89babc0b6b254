import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';

export const brand = { primary: '#0f766e', text: '#1f2937', muted: '#6b7280', border: '#e5e7eb' };

/** A marketing-type email's unsubscribe link (docs/product-rules.md#holds, "Emails"). */
export type UnsubscribeLink = { href: string; label: string } | null;

/** Shared frame of every customer email: preview line, branded header, content, contact footer. */
export function EmailLayout({ lang, preview, footer, unsubscribe, children }: { lang: string; preview: string; footer: string; unsubscribe?: UnsubscribeLink; children: ReactNode }) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f3f4f6', fontFamily: 'Helvetica, Arial, "Noto Sans Thai", sans-serif', color: brand.text, margin: 0 }}>
        <Container style={{ maxWidth: 600, margin: '0 auto', backgroundColor: '#ffffff', padding: '24px' }}>
          <Text style={{ fontSize: 20, fontWeight: 700, color: brand.primary, margin: '0 0 16px' }}>Phuket Self Storage</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: brand.border, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: 12, color: brand.muted, margin: 0 }}>{footer}</Text>
          {unsubscribe ? (
            <Text style={{ fontSize: 12, color: brand.muted, margin: '8px 0 0' }}>
              <a href={unsubscribe.href} style={{ color: brand.muted }}>
                {unsubscribe.label}
              </a>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export function KeyValue({ label, value }: { label: string; value: string }) {
  return (
    <Text style={{ margin: '4px 0', fontSize: 14 }}>
      <span style={{ color: brand.muted }}>{label}: </span>
      <strong>{value}</strong>
    </Text>
  );
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      style={{ display: 'inline-block', backgroundColor: brand.primary, color: '#ffffff', padding: '12px 20px', borderRadius: 6, textDecoration: 'none', fontWeight: 600 }}
    >
      {children}
    </a>
  );
}
