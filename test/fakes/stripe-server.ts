/**
 * A local stand-in for Stripe's API and hosted Checkout page, so tests drive the real stripe SDK code paths.
 * - POST /v1/checkout/sessions records the request and answers like Stripe (id, url on this server).
 * - GET /c/pay/<id> is the hosted page with a 'Pay' button; pressing it sends a correctly signed
 *   checkout.session.completed to the app's webhook, then redirects to the session's success_url.
 * - POST /c/expire/<id> sends checkout.session.expired (what Stripe does when a session times out).
 * - GET /__sessions lists what was recorded.
 * - POST /v1/refunds refunds a paid session's payment intent (refunds block below); GET /__refunds lists them.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import Stripe from 'stripe';

export interface FakeStripeSession {
  id: string;
  params: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  amountTotal: number;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
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
    livemode: false,
  };
}

export async function startFakeStripe(opts: { port?: number; webhookUrl: string; webhookSecret: string }): Promise<FakeStripe> {
  const sessions = new Map<string, FakeStripeSession>();
  const signer = new Stripe('sk_test_fake', { telemetry: false });
  let failCreates = 0;
  let base = '';
  const refunds: { idempotencyKey: string; object: { id: string; amount: number; payment_intent: string; [k: string]: unknown } }[] = [];

  async function sendEvent(s: FakeStripeSession, type: 'checkout.session.completed' | 'checkout.session.expired'): Promise<number> {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: sessionObject(s, base) },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    const res = await fetch(opts.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    await res.arrayBuffer();
    return res.status;
  }

  const complete = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return 404;
    s.status = 'complete';
    s.paymentStatus = 'paid';
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
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
        if (failCreates > 0) {
          failCreates--;
          return json(res, 402, { error: { type: 'api_error', message: 'fake failure' } });
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
      // ── refunds (staff cancellations and deposit returns: lib/payments/refunds.ts) ──────────────────────────────
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const paid = [...sessions.values()].find((x) => x.paymentStatus === 'paid' && `pi_${x.id.slice(8)}` === params.payment_intent);
        if (!paid) return json(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${params.payment_intent}'` } });
        const idempotencyKey = String(req.headers['idempotency-key'] ?? '');
        const earlier = idempotencyKey ? refunds.find((r) => r.idempotencyKey === idempotencyKey) : undefined;
        if (earlier) return json(res, 200, earlier.object);
        const already = refunds.filter((r) => r.object.payment_intent === params.payment_intent).reduce((sum, r) => sum + r.object.amount, 0);
        const amount = Number(params.amount ?? paid.amountTotal - already);
        if (!(amount > 0) || already + amount > paid.amountTotal) {
          return json(res, 400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than the unrefunded amount.' } });
        }
        const object = {
          id: `re_${crypto.randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          currency: 'thb',
          payment_intent: params.payment_intent,
          reason: params.reason ?? null,
          status: 'succeeded',
          metadata: Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (/^metadata\[(.+)\]$/.exec(k) ? [[/^metadata\[(.+)\]$/.exec(k)![1], v]] : []))),
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push({ idempotencyKey, object });
        return json(res, 200, object);
      }
      if (req.method === 'GET' && url.pathname === '/__refunds') return json(res, 200, refunds.map((r) => r.object));
      // ── end of refunds ───────────────────────────────────────────────────────────────────────────────────────
      const exp = /^\/c\/expire\/([\w]+)$/.exec(url.pathname);
      if (exp && req.method === 'POST') return json(res, 200, { webhookStatus: await expire(exp[1]) });
      if (req.method === 'GET' && url.pathname === '/__sessions') {
        return json(res, 200, [...sessions.values()].map((s) => ({ ...sessionObject(s, base), params: s.params })));
      }
      json(res, 404, { error: { type: 'invalid_request_error', message: `fake stripe: no route ${req.method} ${url.pathname}` } });
    } catch (error) {
      json(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  });
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
  };
}
