import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '@/lib/db';
import { processStripeWebhook } from '@/lib/payments/webhook-route';

/**
 * The app's Stripe webhook route, served the way Next serves it (raw body and signature header), for tests whose fake
 * Stripe delivers events to a URL.
 */
export async function startWebhookReceiver(db: Db, secret: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const r = await processStripeWebhook(db, body, (req.headers['stripe-signature'] as string) ?? null, secret);
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
