/**
 * A local stand-in for a gate controller (lib/gate/push.ts): accepts POST / whose HMAC signature and timestamp check
 * out (401 otherwise, listed in `refused`), records the accepted changes, and can be told to fail the next requests.
 */
import http from 'node:http';
import { verifyGateSignature } from '@/lib/gate/signature';
import { keepConnections } from './keep-alive';

export interface GateRequest {
  id: string;
  action: string;
  booking: string | null;
  unit: string | null;
  pin?: string | null;
  idempotencyKey: string | null;
}

export interface FakeGate {
  url: string;
  received: GateRequest[];
  refused: { status: number; reason: string }[];
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startFakeGate(opts: { port?: number; secret: string }): Promise<FakeGate> {
  const received: GateRequest[] = [];
  const refused: { status: number; reason: string }[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'GET' && req.url === '/__received') return answer(200, received);
      if (req.method === 'GET' && req.url === '/__refused') return answer(200, refused);
      if (req.method !== 'POST') return answer(405, { error: 'method' });
      const ts = req.headers['x-gate-timestamp'];
      const sig = req.headers['x-gate-signature'];
      if (!verifyGateSignature(opts.secret, typeof ts === 'string' ? ts : null, typeof sig === 'string' ? sig : null, body)) {
        refused.push({ status: 401, reason: 'bad signature' });
        return answer(401, { error: 'bad signature' });
      }
      if (failures > 0) {
        failures--;
        refused.push({ status: 503, reason: 'told to fail' });
        return answer(503, { error: 'controller busy' });
      }
      const change = JSON.parse(body) as Omit<GateRequest, 'idempotencyKey'>;
      received.push({ ...change, idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null });
      answer(200, { ok: true, applied: change.action });
    });
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    refused,
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
