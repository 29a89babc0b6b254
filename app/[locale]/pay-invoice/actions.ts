'use server';
import { z } from 'zod';
import { action, ActionFailure } from '@/lib/actions/action';
import { translator } from '@/lib/i18n/translator';
import { payInvoiceByLink, recordPaymentByLink } from '@/lib/payments/invoice-link';

const invoiceRef = { invoiceId: z.string().regex(/^[a-z0-9]{10,40}$/i), token: z.string().min(10).max(200) };

/** Card or PromptPay for an open invoice: answers with the Stripe Checkout address. */
export const payInvoiceOnline = action(
  z.object({ ...invoiceRef, method: z.enum(['card', 'promptpay']) }),
  async (input, ctx) => {
    const t = translator(ctx.locale, 'payment.errors');
    const r = await payInvoiceByLink({ ...input, locale: ctx.locale });
    if (!r.ok && r.error === 'invalid_link') throw new ActionFailure('forbidden', t('invalidLink'));
    if (!r.ok && r.error === 'card_unavailable') throw new ActionFailure('card_unavailable', t('cardUnavailable'));
    if (!r.ok) throw new ActionFailure(r.error, t(r.error === 'not_open' ? 'notOpen' : 'payment'));
    return { url: r.url };
  },
  { rateLimit: 'invoicePay' },
);

/** Bank transfer, crypto or the PromptPay QR: the money was sent (with the slip when uploaded); staff verify it. */
export const submitInvoicePayment = action(
  z.object({ ...invoiceRef, method: z.enum(['bank_transfer', 'crypto', 'promptpay']), proofId: z.string().regex(/^[a-f0-9]{32}$/).nullable() }),
  async (input, ctx) => {
    const t = translator(ctx.locale, 'payment.errors');
    const r = await recordPaymentByLink(input);
    if (!r.ok && r.error === 'invalid_link') throw new ActionFailure('forbidden', t('invalidLink'));
    if (!r.ok) throw new ActionFailure(r.error, t(r.error === 'not_open' ? 'notOpen' : r.error === 'proof_used' ? 'proofUsed' : 'invalidProof'));
    return { status: r.status };
  },
  { rateLimit: 'proofUpload' },
);
