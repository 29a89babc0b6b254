/** Starts the Stripe, Resend, OpenAI, LINE and gate-controller fakes on fixed ports for an app server (scripts/e2e-server.mjs). */
import { startFakeStripe } from './stripe-server';
import { startFakeResend } from './resend-server';
import { startFakeOpenAI } from './openai-server';
import { startFakeLine } from './line-server';
import { startFakeGate } from './gate-server';
import { startFakeSlipProvider } from './slip-verify-server';

const stripe = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 3191),
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL ?? 'http://localhost:3100/api/stripe/webhook',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e_fake_secret',
});
const resend = await startFakeResend({ port: Number(process.env.FAKE_RESEND_PORT ?? 3192) });
// Chunks a little apart, as a real model streams, so the thinking indicator and the streaming are visible.
const openai = await startFakeOpenAI({ port: Number(process.env.FAKE_OPENAI_PORT ?? 3193), chunkDelayMs: 20 });
const line = await startFakeLine({ port: Number(process.env.FAKE_LINE_PORT ?? 3194), accessToken: process.env.LINE_CHANNEL_ACCESS_TOKEN ?? 'e2e-line-access-token' });
// The gate controller (lib/gate/push.ts): e2e reads what it accepted from GET /__received.
const gate = await startFakeGate({ port: Number(process.env.FAKE_GATE_PORT ?? 3195), secret: process.env.GATE_API_SECRET ?? 'e2e-gate-secret-0123456789' });
// The slip-verification provider: e2e registers the bank's side of a transfer with POST /__transfers.
const slip = await startFakeSlipProvider({ port: Number(process.env.FAKE_SLIP_PORT ?? 3196), token: process.env.SLIP_VERIFY_TOKEN ?? 'e2e-slip-verify-token' });
console.log(`fakes: stripe ${stripe.url}, resend ${resend.url}, openai ${openai.url}, line ${line.url}, gate ${gate.url}, slip provider ${slip.url}`);
const stop = async () => {
  await Promise.all([stripe.close(), resend.close(), openai.close(), line.close(), gate.close(), slip.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
