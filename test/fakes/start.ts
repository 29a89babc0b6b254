/** Starts the Stripe and Resend fakes on fixed ports for an app server (scripts/e2e-server.mjs). */
import { startFakeStripe } from './stripe-server';
import { startFakeResend } from './resend-server';

const stripe = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 3191),
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL ?? 'http://localhost:3100/api/stripe/webhook',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e_fake_secret',
});
const resend = await startFakeResend({ port: Number(process.env.FAKE_RESEND_PORT ?? 3192) });
console.log(`fakes: stripe ${stripe.url}, resend ${resend.url}`);
const stop = async () => {
  await Promise.all([stripe.close(), resend.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
