import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { chargeSavedCard } from './off-session';

// A monthly renewal charged to the card saved at checkout (docs/product-rules.md#invoices-billing-and-delinquency):
// what is sent to Stripe, and what each of its answers means for the invoice. Stripe here is an object that answers
// as told and keeps what it was asked.

const REQ = { stripeCustomerId: 'cus_1', amountSatang: 1_070_00, paymentId: 'pay_1', invoiceId: 'inv_1', bookingId: 'bk_1', description: 'INV-2027-000001 BF2-00000001' };

// The customer Stripe keeps: by default one that chose no card in the portal (no default payment method).
type FakeCustomer = { deleted?: true; invoice_settings?: { default_payment_method: string | { id: string } | null } };

function stripeAnswering(answer: () => Promise<Partial<Stripe.PaymentIntent>>, cards = [{ id: 'pm_card' }], customer: FakeCustomer = { invoice_settings: { default_payment_method: null } }) {
  const asked: { retrieve: unknown[]; list: unknown[]; create: unknown[][] } = { retrieve: [], list: [], create: [] };
  const stripe = {
    customers: {
      retrieve: async (id: unknown) => {
        asked.retrieve.push(id);
        return customer;
      },
    },
    paymentMethods: {
      list: async (params: unknown) => {
        asked.list.push(params);
        return { data: cards };
      },
    },
    paymentIntents: {
      create: async (...args: unknown[]) => {
        asked.create.push(args);
        return answer();
      },
    },
  } as unknown as Stripe;
  return { stripe, asked };
}

describe('charging a saved card', () => {
  it("charges the invoice's amount in baht, off-session and confirmed, on the customer's card, once per payment row", async () => {
    const { stripe, asked } = stripeAnswering(async () => ({ id: 'pi_1', status: 'succeeded', amount_received: 1_070_00, currency: 'thb' }));
    expect(await chargeSavedCard(stripe, REQ)).toEqual({ status: 'succeeded', paymentIntentId: 'pi_1' });
    expect(asked.retrieve).toEqual(['cus_1']);
    expect(asked.list).toEqual([{ customer: 'cus_1', type: 'card', limit: 1 }]);
    expect(asked.create).toEqual([
      [
        {
          amount: 1_070_00,
          currency: 'thb',
          customer: 'cus_1',
          payment_method: 'pm_card',
          off_session: true,
          confirm: true,
          description: 'INV-2027-000001 BF2-00000001',
          metadata: { paymentId: 'pay_1', invoiceId: 'inv_1', bookingId: 'bk_1', purpose: 'renewal' },
        },
        { idempotencyKey: 'offsession-pay_1' },
      ],
    ]);
  });

  it('the card the customer chose last (their default, by id or as an object) is charged, not the first one saved', async () => {
    for (const chosen of ['pm_chosen', { id: 'pm_chosen' }]) {
      const { stripe, asked } = stripeAnswering(async () => ({ id: 'pi_c', status: 'succeeded', amount_received: 1_070_00, currency: 'thb' }), [{ id: 'pm_card' }], {
        invoice_settings: { default_payment_method: chosen },
      });
      expect(await chargeSavedCard(stripe, REQ)).toEqual({ status: 'succeeded', paymentIntentId: 'pi_c' });
      expect(asked.list).toEqual([]);
      expect(asked.create.map(([params]) => (params as { payment_method: string }).payment_method)).toEqual(['pm_chosen']);
    }
  });

  it('no saved card: nothing is charged; a deleted customer falls back to the cards saved at checkout', async () => {
    const none = stripeAnswering(async () => ({ id: 'pi_x', status: 'succeeded' }), []);
    expect(await chargeSavedCard(none.stripe, REQ)).toEqual({ status: 'no_card' });
    expect(none.asked.create).toEqual([]);
    const deleted = stripeAnswering(async () => ({ id: 'pi_x', status: 'succeeded' }), [], { deleted: true });
    expect(await chargeSavedCard(deleted.stripe, REQ)).toEqual({ status: 'no_card' });
    expect(deleted.asked.list).toEqual([{ customer: 'cus_1', type: 'card', limit: 1 }]);
    expect(deleted.asked.create).toEqual([]);
  });

  it('a success for another amount (a satang either way) or currency is not a paid invoice: it waits for staff', async () => {
    for (const reported of [
      { amount_received: 1_070_00 - 1, currency: 'thb' },
      { amount_received: 1_070_00 + 1, currency: 'thb' },
      { amount_received: 1_070_00, currency: 'usd' },
    ]) {
      const { stripe } = stripeAnswering(async () => ({ id: 'pi_odd', status: 'succeeded', ...reported }));
      expect(await chargeSavedCard(stripe, REQ)).toEqual({ status: 'processing', paymentIntentId: 'pi_odd' });
    }
    const { stripe } = stripeAnswering(async () => ({ id: 'pi_upper', status: 'succeeded', amount_received: 1_070_00, currency: 'THB' }));
    expect(await chargeSavedCard(stripe, REQ)).toEqual({ status: 'succeeded', paymentIntentId: 'pi_upper' });
  });

  it('processing waits for the webhook; any other status is a failure naming it', async () => {
    expect(await chargeSavedCard(stripeAnswering(async () => ({ id: 'pi_p', status: 'processing' })).stripe, REQ)).toEqual({ status: 'processing', paymentIntentId: 'pi_p' });
    expect(await chargeSavedCard(stripeAnswering(async () => ({ id: 'pi_a', status: 'requires_action' })).stripe, REQ)).toEqual({ status: 'failed', paymentIntentId: 'pi_a', message: 'payment requires_action' });
  });

  it("a declined card is a failure with Stripe's message and its intent; other errors are not swallowed", async () => {
    const declined = new Stripe.errors.StripeCardError({ type: 'card_error', message: 'Your card was declined.', payment_intent: { id: 'pi_declined' } } as never);
    expect(await chargeSavedCard(stripeAnswering(() => Promise.reject(declined)).stripe, REQ)).toEqual({ status: 'failed', paymentIntentId: 'pi_declined', message: 'Your card was declined.' });
    const noIntent = new Stripe.errors.StripeCardError({ type: 'card_error', message: 'Expired card.' } as never);
    expect(await chargeSavedCard(stripeAnswering(() => Promise.reject(noIntent)).stripe, REQ)).toEqual({ status: 'failed', paymentIntentId: null, message: 'Expired card.' });
    const down = new Stripe.errors.StripeAPIError({ type: 'api_error', message: 'Stripe is down' } as never);
    await expect(chargeSavedCard(stripeAnswering(() => Promise.reject(down)).stripe, REQ)).rejects.toThrow('Stripe is down');
  });
});
