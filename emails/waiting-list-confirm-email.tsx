import { Heading, Section, Text } from '@react-email/components';
import { ActionButton, EmailLayout } from './email-layout';

export interface WaitingListConfirmProps {
  lang: string;
  footer: string;
  texts: { preview: string; heading: string; body: string; button: string };
  confirmUrl: string;
}

/** The double opt-in of the waiting list: nobody is on the list, or hears from it, before pressing this button. */
export function WaitingListConfirmEmail({ lang, footer, texts, confirmUrl }: WaitingListConfirmProps) {
  return (
    <EmailLayout lang={lang} preview={texts.preview} footer={footer}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>{texts.heading}</Heading>
      <Text style={{ fontSize: 14 }}>{texts.body}</Text>
      <Section style={{ margin: '20px 0' }}>
        <ActionButton href={confirmUrl}>{texts.button}</ActionButton>
      </Section>
    </EmailLayout>
  );
}
