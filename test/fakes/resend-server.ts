/** A local stand-in for Resend's API: records POST /emails; GET /__emails lists them; can be told to fail. */
import http from 'node:http';
import crypto from 'node:crypto';

export interface RecordedEmail {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  idempotencyKey: string | null;
}

export interface FakeResend {
  url: string;
  emails: RecordedEmail[];
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startFakeResend(opts: { port?: number } = {}): Promise<FakeResend> {
  const emails: RecordedEmail[] = [];
  let failures = 0;
  const server = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/emails') {
        if (failures > 0) {
          failures--;
          return send(500, { statusCode: 500, name: 'application_error', message: 'fake resend failure' });
        }
        const body = JSON.parse(data || '{}');
        const email: RecordedEmail = { id: crypto.randomUUID(), from: body.from, to: body.to, subject: body.subject, html: body.html, text: body.text, idempotencyKey: (req.headers['idempotency-key'] as string) ?? null };
        emails.push(email);
        return send(200, { id: email.id });
      }
      if (req.method === 'GET' && req.url === '/__emails') return send(200, emails);
      if (req.method === 'POST' && req.url?.startsWith('/__fail')) {
        failures = Number(new URL(req.url, 'http://x').searchParams.get('n') ?? 1);
        return send(200, { failures });
      }
      send(404, { statusCode: 404, name: 'not_found', message: 'fake resend: no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    emails,
    failNext: (n) => (failures = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
