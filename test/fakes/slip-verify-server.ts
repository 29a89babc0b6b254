/**
 * A local stand-in for a slip-verification provider (lib/payments/slip-verify.ts): POST / with a bearer token
 * and `{ payload, sendingBank, transRef }` answers the transfer as "the bank" recorded it, from the transfers a test
 * registered (`record`); an unknown transaction is 404, a wrong token 401, and it can be told to fail (503).
 */
import http from 'node:http';
import { validate } from 'promptparse';
import { keepConnections } from './keep-alive';

export interface BankTransfer {
  amountBaht: number;
  /** ISO instant of the transfer */
  date: string;
  /** the receiving account as banks show it, masked: 'xxx-x-x6789-x' */
  receiverAccount: string;
}

export interface FakeSlipProvider {
  url: string;
  received: { transRef: string; payload: string }[];
  record(transRef: string, transfer: BankTransfer): void;
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startFakeSlipProvider(opts: { port?: number; token: string }): Promise<FakeSlipProvider> {
  const transfers = new Map<string, BankTransfer>();
  const received: { transRef: string; payload: string }[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/__received') return answer(200, received);
      // e2e registers the bank's side of a transfer here.
      if (req.method === 'POST' && req.url === '/__transfers') {
        const t = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BankTransfer & { transRef: string };
        transfers.set(t.transRef, t);
        return answer(200, { ok: true });
      }
      if (req.method !== 'POST') return answer(405, { message: 'method' });
      if (req.headers.authorization !== `Bearer ${opts.token}`) return answer(401, { message: 'unauthorized' });
      if (failures > 0) {
        failures--;
        return answer(503, { message: 'bank api unavailable' });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { payload: string };
      // A real provider reads the QR text itself: so does this one.
      const slip = validate.slipVerify(body.payload);
      if (!slip) return answer(400, { message: 'invalid_payload' });
      received.push({ transRef: slip.transRef, payload: body.payload });
      const t = transfers.get(slip.transRef);
      if (!t) return answer(404, { message: 'slip_not_found' });
      answer(200, {
        status: 200,
        data: {
          payload: body.payload,
          transRef: slip.transRef,
          date: t.date,
          countryCode: 'TH',
          amount: { amount: t.amountBaht, local: { amount: 0, currency: '' } },
          sender: { bank: { id: slip.sendingBank } },
          receiver: { account: { bank: { type: 'BANKAC', account: t.receiverAccount } } },
        },
      });
    });
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    record: (transRef, transfer) => void transfers.set(transRef, transfer),
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
