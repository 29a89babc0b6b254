/**
 * A local stand-in for Resend's API: records POST /emails; GET /__emails lists them; can be told to fail.
 * It checks what it receives as Resend does (issue 25): the API key (`apiKey`, default re_test_fake; 401 otherwise),
 * a sender `Name <address>` or address (and, with `from`, exactly that one), one to 50 recipient addresses and a
 * subject of 1 to 998 characters without line breaks (422 validation_error otherwise). Refusals are listed in `refused`.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import { keepConnections } from './keep-alive';

export interface RecordedEmail {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  cc?: string | string[];
  /** as Resend receives them: the file name and the content in base64 */
  attachments?: { filename: string; content: string }[];
  idempotencyKey: string | null;
}

export interface FakeResend {
  url: string;
  emails: RecordedEmail[];
  refused: { status: number; name: string; message: string }[];
  /** fail the next n sends (only those to `to`, when given: other emails a task pass sends beside it go through) */
  failNext(n: number, to?: string): void;
  close(): Promise<void>;
}

const ADDRESS = /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/;
const SENDER = /^(?:[^<>]+ <([^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+)>|([^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+))$/;

/** Resend's own refusals for a request: null when it would be sent. */
export function resendProblem(body: { from?: unknown; to?: unknown; subject?: unknown }, authorization: string | undefined, expect: { apiKey: string; from?: string }): { status: number; name: string; message: string } | null {
  if (!authorization) return { status: 401, name: 'missing_api_key', message: 'Missing API key in the authorization header' };
  if (authorization !== `Bearer ${expect.apiKey}`) return { status: 403, name: 'invalid_api_key', message: 'API key is invalid' };
  const v = (message: string) => ({ status: 422, name: 'validation_error', message });
  if (typeof body.from !== 'string' || !SENDER.test(body.from.trim())) return v('Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  if (expect.from !== undefined && body.from !== expect.from) return v(`fake resend: unexpected sender ${body.from}`);
  const to = Array.isArray(body.to) ? body.to : [body.to];
  if (!to.length || to.length > 50 || !to.every((a) => typeof a === 'string' && ADDRESS.test(a))) return v('Invalid `to` field. The email address needs to follow the `email@example.com` format.');
  if (typeof body.subject !== 'string' || !body.subject.trim() || body.subject.length > 998 || /[\r\n]/.test(body.subject)) return v('Invalid `subject` field.');
  return null;
}

export async function startFakeResend(opts: { port?: number; apiKey?: string; from?: string } = {}): Promise<FakeResend> {
  const emails: RecordedEmail[] = [];
  const refused: FakeResend['refused'] = [];
  const expected = { apiKey: opts.apiKey ?? 're_test_fake', from: opts.from };
  let failures = 0;
  let failTo: string | undefined;
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
        const body = JSON.parse(data || '{}');
        const recipients = ([] as string[]).concat(body.to ?? []);
        if (failures > 0 && (!failTo || recipients.includes(failTo))) {
          failures--;
          return send(500, { statusCode: 500, name: 'application_error', message: 'fake resend failure' });
        }
        const problem = resendProblem(body, req.headers.authorization, expected);
        if (problem) {
          refused.push(problem);
          return send(problem.status, { statusCode: problem.status, name: problem.name, message: problem.message });
        }
        const email: RecordedEmail = { id: crypto.randomUUID(), from: body.from, to: body.to, subject: body.subject, html: body.html, text: body.text, cc: body.cc, attachments: body.attachments, idempotencyKey: (req.headers['idempotency-key'] as string) ?? null };
        emails.push(email);
        return send(200, { id: email.id });
      }
      if (req.method === 'GET' && req.url === '/__emails') return send(200, emails);
      if (req.method === 'POST' && req.url?.startsWith('/__fail')) {
        failures = Number(new URL(req.url, 'http://x').searchParams.get('n') ?? 1);
        failTo = undefined;
        return send(200, { failures });
      }
      send(404, { statusCode: 404, name: 'not_found', message: 'fake resend: no route' });
    });
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    emails,
    refused,
    failNext: (n, to) => {
      failures = n;
      failTo = to;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
