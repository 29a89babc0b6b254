/**
 * A local stand-in for Stripe's API and hosted Checkout page, so tests drive the real stripe SDK code paths.
 * - POST /v1/checkout/sessions records the request and answers like Stripe (id, url on this server).
 * - GET /c/pay/<id> is the hosted page with a 'Pay' button; pressing it sends a correctly signed
 *   checkout.session.completed to the app's webhook, then redirects to the session's success_url.
 * - POST /c/expire/<id> sends checkout.session.expired (what Stripe does when a session times out).
 * - GET /__sessions lists what was recorded.
 * Billing (issue 13), in the blocks marked "billing" below:
 * - card sessions (customer_creation=always or a customer) complete with a Stripe customer holding a saved card;
 * - GET /v1/payment_methods and POST /v1/payment_intents charge that card off-session (declineCardsOf makes it fail)
 *   and send payment_intent.succeeded / payment_intent.payment_failed;
 * - POST /v1/refunds refunds part or all of a payment (idempotent) and sends charge.refunded; GET /__refunds lists them;
 * - completeAsync / asyncSucceed / asyncFail drive delayed payment methods; sendEvent and replay send any event.
 * Checks what it receives (issue 25), as Stripe would:
 * - every /v1 call must carry the secret key (`secretKey`, default sk_test_fake), else 401 like Stripe;
 * - an off-session charge must be a confirmed, off-session THB intent of a positive whole amount on a customer and one
 *   of their cards, with an idempotency key, else 400 (parameter_invalid) and no charge;
 * Card replacement (issue 20), in the blocks marked "setup":
 * - a Checkout session with mode=setup must name an existing customer, allow card, have no line items and a success
 *   URL (else 400); paying it saves a new card on the customer and sends checkout.session.completed with a
 *   succeeded setup_intent (GET /v1/setup_intents/<id>);
 * - GET /v1/customers/<id> and POST /v1/customers/<id> (invoice_settings[default_payment_method], one of the
 *   customer's cards, else 400) read and set the card off-session charges use.
 * - `reportNext({ amount, currency })` makes the next paid session or intent report another amount or currency (a
 *   Stripe-side price or a tampered session), `holdEvents()` keeps events back and `deliverHeld()` sends them late.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { keepConnections } from './keep-alive';

export interface FakeStripeSession {
  id: string;
  params: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required';
  amountTotal: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** billing: the Stripe customer the card was saved on */
  customer: string | null;
  /** setup: the setup intent a completed setup-mode session created */
  setupIntent?: string | null;
}

// ── billing: customers, saved cards, off-session intents, refunds ─────────────────────────────────────────────
export interface FakeCustomer {
  id: string;
  paymentMethods: string[];
  decline: boolean;
  /** setup: invoice_settings.default_payment_method */
  defaultPaymentMethod?: string | null;
  /** the cards declineCardsOf declined (a card saved later, a replacement, is not) */
  declinedCards?: string[];
}
export interface FakeIntent {
  id: string;
  amount: number;
  customer: string | null;
  metadata: Record<string, string>;
  status: 'succeeded' | 'requires_payment_method';
  refunded: number;
}
export interface SentEvent {
  id: string;
  type: string;
  payload: string;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeStripeSession>;
  refunds(): { id: string; amount: number; payment_intent: string }[];
  /** sends the signed event and returns the webhook's HTTP status */
  complete(id: string): Promise<number>;
  expire(id: string): Promise<number>;
  /** the next N session creations answer with a Stripe API error */
  failNextCreates(n: number): void;
  close(): Promise<void>;
  // billing
  customers: Map<string, FakeCustomer>;
  intents: Map<string, FakeIntent>;
  events: SentEvent[];
  /** the session completes unpaid (a delayed method); asyncSucceed / asyncFail finish it */
  completeAsync(id: string): Promise<number>;
  asyncSucceed(id: string): Promise<number>;
  asyncFail(id: string): Promise<number>;
  /** off-session charges on this customer's cards (those saved so far) are declined */
  declineCardsOf(customerId: string, decline?: boolean): void;
  /** refunds `amount` (default: what is left) of a payment intent and sends charge.refunded */
  refund(paymentIntentId: string, amount?: number): Promise<number>;
  /** signs and sends any event; returns the webhook's status and the event id */
  sendEvent(type: string, object: unknown, id?: string): Promise<{ status: number; id: string }>;
  /** sends an event already sent once, byte for byte (freshly signed) */
  replay(eventId: string): Promise<number>;
  // what it was told to report (issue 25)
  /** the next paid session or succeeded intent reports this amount and/or currency instead of its own */
  reportNext(report: { amount?: number; currency?: string }): void;
  /** events are kept back (delivered late) until deliverHeld() */
  holdEvents(): void;
  /** sends the events kept back, in order, and stops holding; returns their webhook statuses */
  deliverHeld(): Promise<number[]>;
  /** requests refused for a wrong key or wrong off-session parameters, newest last */
  refused: { path: string; reason: string }[];
}

function sessionObject(s: FakeStripeSession, base: string) {
  return {
    id: s.id,
    object: 'checkout.session',
    url: s.status === 'open' ? `${base}/c/pay/${s.id}` : null,
    mode: s.params.mode ?? 'payment',
    currency: s.params.currency ?? 'thb',
    status: s.status,
    payment_status: s.paymentStatus,
    amount_total: s.amountTotal,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    client_reference_id: s.params.client_reference_id ?? null,
    customer_email: s.params.customer_email ?? null,
    expires_at: Number(s.params.expires_at ?? 0),
    metadata: s.metadata,
    payment_intent: s.paymentStatus === 'paid' ? `pi_${s.id.slice(8)}` : null,
    customer: s.customer,
    setup_intent: s.setupIntent ?? null,
    livemode: false,
  };
}

export async function startFakeStripe(opts: { port?: number; webhookUrl: string; webhookSecret: string; secretKey?: string }): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? 'sk_test_fake';
  const refused: { path: string; reason: string }[] = [];
  let report: { amount?: number; currency?: string } | null = null;
  let holding = false;
  const held: string[] = [];
  /** applies (once) what reportNext asked for to a paid session or a succeeded intent */
  const reported = <T extends { currency?: string }>(object: T, amountKey: keyof T & string, paid: boolean): T => {
    if (!report || !paid) return object;
    const out = { ...object, ...(report.amount !== undefined ? { [amountKey]: report.amount } : {}), ...(report.currency ? { currency: report.currency } : {}) };
    report = null;
    return out;
  };
  const sessions = new Map<string, FakeStripeSession>();
  const signer = new Stripe('sk_test_fake', { telemetry: false });
  let failCreates = 0;
  let base = '';
  const refunds: { idempotencyKey: string; object: { id: string; amount: number; payment_intent: string; [k: string]: unknown } }[] = [];

  const events: SentEvent[] = [];
  async function post(payload: string): Promise<number> {
    if (holding) {
      held.push(payload);
      return 202;
    }
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    const res = await fetch(opts.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    await res.arrayBuffer();
    return res.status;
  }
  async function sendAny(type: string, object: unknown, id = `evt_${crypto.randomBytes(12).toString('hex')}`): Promise<{ status: number; id: string }> {
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    events.push({ id, type, payload });
    return { status: await post(payload), id };
  }
  async function sendEvent(s: FakeStripeSession, type: string): Promise<number> {
    return (await sendAny(type, reported(sessionObject(s, base), 'amount_total', s.paymentStatus === 'paid'))).status;
  }

  // ── billing: a completed card session leaves a customer with a saved card ──
  const customers = new Map<string, FakeCustomer>();
  const intents = new Map<string, FakeIntent>();
  function saveCard(s: FakeStripeSession) {
    const wantsCustomer = s.params.customer_creation === 'always' || Boolean(s.params.customer);
    if (!wantsCustomer) return;
    const id = s.params.customer || s.customer || `cus_${crypto.randomBytes(8).toString('hex')}`;
    const c = customers.get(id) ?? { id, paymentMethods: [], decline: false };
    if (s.params['payment_intent_data[setup_future_usage]'] === 'off_session' && !c.paymentMethods.length) c.paymentMethods.push(`pm_${crypto.randomBytes(8).toString('hex')}`);
    customers.set(id, c);
    s.customer = id;
  }

  // ── setup: a completed setup-mode session saves a new card on the customer ──
  const setupIntents = new Map<string, { id: string; object: 'setup_intent'; status: 'succeeded'; customer: string; payment_method: string; metadata: Record<string, string> }>();
  const completeSetup = async (s: FakeStripeSession) => {
    const c = customers.get(s.customer ?? '');
    if (!c) return 400;
    const pm = `pm_${crypto.randomBytes(8).toString('hex')}`;
    c.paymentMethods.push(pm);
    const si = { id: `seti_${crypto.randomBytes(10).toString('hex')}`, object: 'setup_intent' as const, status: 'succeeded' as const, customer: c.id, payment_method: pm, metadata: s.metadata };
    setupIntents.set(si.id, si);
    s.status = 'complete';
    s.paymentStatus = 'no_payment_required';
    s.setupIntent = si.id;
    return sendEvent(s, 'checkout.session.completed');
  };

  const complete = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return 404;
    if (s.params.mode === 'setup') return completeSetup(s);
    s.status = 'complete';
    s.paymentStatus = 'paid';
    saveCard(s);
    intents.set(`pi_${s.id.slice(8)}`, { id: `pi_${s.id.slice(8)}`, amount: s.amountTotal, customer: s.customer, metadata: s.metadata, status: 'succeeded', refunded: 0 });
    return sendEvent(s, 'checkout.session.completed');
  };
  const expire = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return 404;
    s.status = 'expired';
    return sendEvent(s, 'checkout.session.expired');
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      if (url.pathname.startsWith('/v1/') && req.headers.authorization !== `Bearer ${secretKey}`) {
        refused.push({ path: url.pathname, reason: 'api_key' });
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: (fake stripe)' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
        if (failCreates > 0) {
          failCreates--;
          return json(res, 402, { error: { type: 'api_error', message: 'fake failure' } });
        }
        if (params.mode === 'setup') {
          // What a card replacement must say (lib/payments/stripe/card-replacement.ts), as Stripe checks it.
          const problem =
            !params.customer || !customers.has(params.customer) ? 'customer'
            : params['allowed_payment_method_types[0]'] !== 'card' ? 'allowed_payment_method_types'
            : params['line_items[0][quantity]'] ? 'line_items'
            : !params.success_url ? 'success_url'
            : !params.currency ? 'currency'
            : null;
          if (problem) {
            refused.push({ path: url.pathname, reason: `setup:${problem}` });
            return json(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_invalid', param: problem, message: `fake stripe: invalid setup session (${problem})` } });
          }
        }
        let amountTotal = 0;
        for (let i = 0; params[`line_items[${i}][quantity]`]; i++) {
          amountTotal += Number(params[`line_items[${i}][price_data][unit_amount]`]) * Number(params[`line_items[${i}][quantity]`]);
        }
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const s: FakeStripeSession = {
          id: `cs_test_${crypto.randomBytes(12).toString('hex')}`,
          params,
          status: 'open',
          paymentStatus: 'unpaid',
          amountTotal,
          successUrl: params.success_url ?? '',
          cancelUrl: params.cancel_url ?? '',
          metadata,
          customer: params.customer ?? null,
        };
        sessions.set(s.id, s);
        return json(res, 200, sessionObject(s, base));
      }
      const pay = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
      if (pay) {
        const s = sessions.get(pay[1]);
        if (!s) return json(res, 404, { error: 'no such session' });
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          const amount = (s.amountTotal / 100).toLocaleString('en-US');
          return res.end(
            `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body>` +
              `<h1>Fake Stripe Checkout</h1><p>Amount: THB ${amount}</p><p>Method: ${s.params['allowed_payment_method_types[0]'] ?? 'card'}</p>` +
              (s.status === 'open' ? `<form method="post"><button type="submit">Pay</button></form>` : `<p>Session ${s.status}</p>`) +
              `</body></html>`,
          );
        }
        if (req.method === 'POST') {
          if (s.status === 'open') await complete(s.id);
          res.writeHead(303, { location: s.successUrl.replace('{CHECKOUT_SESSION_ID}', s.id) });
          return res.end();
        }
      }
      // ── refunds: staff cancellations and deposit returns (lib/payments/stripe/refunds.ts) and billing tests; each refund
      // is answered at once and then announced with charge.refunded, as Stripe does ──────────────────────────────
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const pi = intents.get(params.payment_intent ?? '');
        if (!pi || pi.status !== 'succeeded') return json(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${params.payment_intent}'` } });
        const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
        const earlier = idempotencyKey ? refunds.find((r) => r.idempotencyKey === idempotencyKey) : undefined;
        if (earlier) return json(res, 200, earlier.object);
        const amount = params.amount ? Number(params.amount) : pi.amount - pi.refunded;
        if (!(amount > 0) || pi.refunded + amount > pi.amount) {
          return json(res, 400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than the unrefunded amount.' } });
        }
        const metadata = Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (/^metadata\[(.+)\]$/.exec(k) ? [[/^metadata\[(.+)\]$/.exec(k)![1], v]] : [])));
        const object = await refundIntent(pi.id, amount, { reason: params.reason ?? null, metadata });
        refunds.push({ idempotencyKey, object: object! });
        return json(res, 200, object);
      }
      // ── end of refunds ───────────────────────────────────────────────────────────────────────────────────────
      const exp = /^\/c\/expire\/([\w]+)$/.exec(url.pathname);
      if (exp && req.method === 'POST') return json(res, 200, { webhookStatus: await expire(exp[1]) });
      // ── billing: saved cards, off-session payment intents, refunds ──
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods') {
        const c = customers.get(url.searchParams.get('customer') ?? '');
        const data = (c?.paymentMethods ?? []).map((id) => ({ id, object: 'payment_method', type: 'card', customer: c!.id, card: { brand: 'visa', last4: '4242' } }));
        return json(res, 200, { object: 'list', data, has_more: false, url: '/v1/payment_methods' });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const c = customers.get(params.customer ?? '');
        // What an off-session renewal charge must say (lib/payments/stripe/off-session.ts): anything else is refused, uncharged.
        const problem =
          !/^[1-9]\d*$/.test(params.amount ?? '') ? 'amount'
          : params.currency !== 'thb' ? 'currency'
          : params.off_session !== 'true' ? 'off_session'
          : params.confirm !== 'true' ? 'confirm'
          : !c ? 'customer'
          : !params.payment_method ? 'payment_method'
          : !req.headers['idempotency-key'] ? 'idempotency_key'
          : !params['metadata[paymentId]'] || !params['metadata[invoiceId]'] ? 'metadata'
          : null;
        if (problem) {
          refused.push({ path: url.pathname, reason: problem });
          return json(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_invalid', param: problem, message: `fake stripe: invalid off-session charge (${problem})` } });
        }
        const pi: FakeIntent = { id: `pi_${crypto.randomBytes(12).toString('hex')}`, amount: Number(params.amount), customer: params.customer ?? null, metadata, status: c && !(c.decline && (c.declinedCards ?? c.paymentMethods).includes(params.payment_method)) && c.paymentMethods.includes(params.payment_method) ? 'succeeded' : 'requires_payment_method', refunded: 0 };
        intents.set(pi.id, pi);
        const object = reported(
          { id: pi.id, object: 'payment_intent', amount: pi.amount, amount_received: pi.status === 'succeeded' ? pi.amount : 0, currency: 'thb', customer: pi.customer, metadata, status: pi.status, last_payment_error: pi.status === 'succeeded' ? null : { code: 'card_declined', message: 'Your card was declined.' } },
          'amount_received',
          pi.status === 'succeeded',
        );
        if (pi.status === 'succeeded') {
          await sendAny('payment_intent.succeeded', object);
          return json(res, 200, object);
        }
        await sendAny('payment_intent.payment_failed', object);
        return json(res, 402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: object } });
      }
      // ── setup: customers' default card and setup intents ──
      const cust = /^\/v1\/customers\/([\w]+)$/.exec(url.pathname);
      if (cust) {
        const c = customers.get(cust[1]);
        if (!c) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${cust[1]}'` } });
        if (req.method === 'POST') {
          const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
          const pm = params['invoice_settings[default_payment_method]'];
          if (!pm || !c.paymentMethods.includes(pm)) {
            refused.push({ path: url.pathname, reason: 'default_payment_method' });
            return json(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'invoice_settings[default_payment_method]', message: `No such PaymentMethod: '${pm}'` } });
          }
          c.defaultPaymentMethod = pm;
        }
        return json(res, 200, { id: c.id, object: 'customer', invoice_settings: { default_payment_method: c.defaultPaymentMethod ?? null } });
      }
      const seti = /^\/v1\/setup_intents\/([\w]+)$/.exec(url.pathname);
      if (seti && req.method === 'GET') {
        const si = setupIntents.get(seti[1]);
        return si ? json(res, 200, si) : json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such setupintent: '${seti[1]}'` } });
      }
      if (req.method === 'GET' && url.pathname === '/__sessions') {
        return json(res, 200, [...sessions.values()].map((s) => ({ ...sessionObject(s, base), params: s.params })));
      }
      json(res, 404, { error: { type: 'invalid_request_error', message: `fake stripe: no route ${req.method} ${url.pathname}` } });
    } catch (error) {
      json(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  });
  // ── billing: refunds and delayed methods ──
  type FakeRefund = { id: string; object: 'refund'; amount: number; currency: 'thb'; payment_intent: string; charge: string; status: 'succeeded'; reason: string | null; metadata: Record<string, string>; created: number };
  const refundsOf = new Map<string, FakeRefund[]>();
  async function refundIntent(piId: string, amount?: number, extra: { reason?: string | null; metadata?: Record<string, string> } = {}) {
    const pi = intents.get(piId);
    if (!pi) return null;
    const value = Math.min(amount ?? pi.amount - pi.refunded, pi.amount - pi.refunded);
    pi.refunded += value;
    const refund: FakeRefund = { id: `re_${crypto.randomBytes(10).toString('hex')}`, object: 'refund', amount: value, currency: 'thb', payment_intent: pi.id, charge: `ch_${pi.id.slice(3)}`, status: 'succeeded', reason: extra.reason ?? null, metadata: extra.metadata ?? {}, created: Math.floor(Date.now() / 1000) };
    const list = [...(refundsOf.get(pi.id) ?? []), refund];
    refundsOf.set(pi.id, list);
    const charge = { id: `ch_${pi.id.slice(3)}`, object: 'charge', amount: pi.amount, amount_refunded: pi.refunded, refunded: pi.refunded >= pi.amount, payment_intent: pi.id, refunds: { object: 'list', data: list } };
    await sendAny('charge.refunded', charge);
    return refund;
  }
  const completeAsync = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return 404;
    s.status = 'complete';
    return sendEvent(s, 'checkout.session.completed');
  };
  const asyncSucceed = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return 404;
    s.paymentStatus = 'paid';
    intents.set(`pi_${s.id.slice(8)}`, { id: `pi_${s.id.slice(8)}`, amount: s.amountTotal, customer: s.customer, metadata: s.metadata, status: 'succeeded', refunded: 0 });
    return sendEvent(s, 'checkout.session.async_payment_succeeded');
  };
  const asyncFail = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return 404;
    return sendEvent(s, 'checkout.session.async_payment_failed');
  };
  const replay = async (eventId: string) => {
    const e = events.find((x) => x.id === eventId);
    return e ? post(e.payload) : 404;
  };

  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  return {
    url: base,
    sessions,
    refunds: () => refunds.map((r) => r.object),
    complete,
    expire,
    failNextCreates: (n) => (failCreates = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    customers,
    intents,
    events,
    completeAsync,
    asyncSucceed,
    asyncFail,
    declineCardsOf: (customerId, decline = true) => {
      const c = customers.get(customerId);
      if (c) {
        c.decline = decline;
        c.declinedCards = decline ? [...c.paymentMethods] : [];
      }
    },
    refund: async (pi, amount) => ((await refundIntent(pi, amount)) ? 200 : 404),
    sendEvent: sendAny,
    replay,
    reportNext: (r) => (report = r),
    holdEvents: () => (holding = true),
    deliverHeld: async () => {
      holding = false;
      const out: number[] = [];
      for (const payload of held.splice(0)) out.push(await post(payload));
      return out;
    },
    refused,
  };
}
