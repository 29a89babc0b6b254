import { Heading, Section, Text } from '@react-email/components';
import { ActionButton, EmailLayout } from './email-layout';

export interface SignInLinkEmailProps {
  lang: string;
  preview: string;
  heading: string;
  body: string;
  button: string;
  href: string;
  expiry: string;
  ignore: string;
  footer: string;
}

/** 'My Storage' one-time sign-in link. */
export function SignInLinkEmail(p: SignInLinkEmailProps) {
  return (
    <EmailLayout lang={p.lang} preview={p.preview} footer={p.footer}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>{p.heading}</Heading>
      <Text style={{ fontSize: 14 }}>{p.body}</Text>
      <Section style={{ margin: '20px 0' }}>
        <ActionButton href={p.href}>{p.button}</ActionButton>
      </Section>
      <Text style={{ fontSize: 13, color: '#6b7280' }}>{p.expiry}</Text>
      <Text style={{ fontSize: 13, color: '#6b7280' }}>{p.ignore}</Text>
    </EmailLayout>
  );
}

SignInLinkEmail.PreviewProps = {
  lang: 'en',
  preview: 'Your sign-in link for My Storage',
  heading: 'Sign in to My Storage',
  body: 'Press the button to see your rentals at Phuket Self Storage.',
  button: 'Sign in to My Storage',
  href: 'http://localhost:3000/my-booking/sign-in?token=example',
  expiry: 'The link works once, within 15 minutes.',
  ignore: "If you didn't ask for it, ignore this email: nobody can sign in without it.",
  footer: 'Phuket Self Storage',
} satisfies SignInLinkEmailProps;
