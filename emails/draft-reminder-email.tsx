import { Heading, Section, Text } from '@react-email/components';
import type { Translator } from '@/lib/i18n/translator';
import { ActionButton, EmailLayout, type UnsubscribeLink } from './email-layout';

/** The one abandoned-draft reminder: a link back to the wizard with the customer's choices restored. */
export function DraftReminderEmail({ t, lang, resumeUrl, footer, unsubscribe }: { t: Translator<'emails'>; lang: string; resumeUrl: string; footer: string; unsubscribe?: UnsubscribeLink }) {
  return (
    <EmailLayout lang={lang} preview={t('reminder.preview')} footer={footer} unsubscribe={unsubscribe}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>{t('reminder.heading')}</Heading>
      <Text style={{ fontSize: 14 }}>{t('reminder.body')}</Text>
      <Section style={{ margin: '20px 0' }}>
        <ActionButton href={resumeUrl}>{t('reminder.button')}</ActionButton>
      </Section>
      <Text style={{ fontSize: 12 }}>{t('reminder.ignore')}</Text>
    </EmailLayout>
  );
}
