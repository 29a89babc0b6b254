import { Heading, Section, Text } from '@react-email/components';
import type { Translator } from '@/lib/i18n/translator';
import { ActionButton, EmailLayout, type UnsubscribeLink } from './email-layout';

/** Waiting-list notice: a unit of the type the customer waited for was released. */
export function UnitAvailableEmail({ t, lang, unitType, bookUrl, footer, unsubscribe }: { t: Translator<'emails'>; lang: string; unitType: string; bookUrl: string; footer: string; unsubscribe?: UnsubscribeLink }) {
  return (
    <EmailLayout lang={lang} preview={t('unitAvailable.preview')} footer={footer} unsubscribe={unsubscribe}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>{t('unitAvailable.heading')}</Heading>
      <Text style={{ fontSize: 14 }}>{t('unitAvailable.body', { unitType })}</Text>
      <Section style={{ margin: '20px 0' }}>
        <ActionButton href={bookUrl}>{t('unitAvailable.button')}</ActionButton>
      </Section>
    </EmailLayout>
  );
}
