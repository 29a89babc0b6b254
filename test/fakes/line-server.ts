/**
 * A local stand-in for the LINE Messaging API (lib/line): POST /v2/bot/message/push and /v2/bot/message/reply. Checks
 * the bearer token (401 otherwise) and the body as LINE does (400: a `to` user id or replyToken, 1-5 text messages of
 * at most 5000 characters); records what it accepted and can be told to fail the next requests with a 500.
 */
import http from 'node:http';
import { keepConnections } from './keep-alive';

export interface LinePush {
  to: string;
  texts: string[];
  retryKey: string | null;
}
export interface LineReply {
  replyToken: string;
  texts: string[];
}

export interface FakeLine {
  url: string;
  pushes: LinePush[];
  replies: LineReply[];
  refused: { status: number; reason: string }[];
  failNext(n: number): void;
  close(): Promise<void>;
}

type Message = { type?: unknown; text?: unknown };

function texts(messages: unknown): string[] | null {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5) return null;
  const out: string[] = [];
  for (const m of messages as Message[]) {
    if (m?.type !== 'text' || typeof m.text !== 'string' || !m.text || m.text.length > 5000) return null;
    out.push(m.text);
  }
  return out;
}

export async function startFakeLine(opts: { port?: number; accessToken: string }): Promise<FakeLine> {
  const pushes: LinePush[] = [];
  const replies: LineReply[] = [];
  const refused: { status: number; reason: string }[] = [];
  const retryKeys = new Set<string>();
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, payload: unknown, reason?: string) => {
        if (reason) refused.push({ status, reason });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'GET' && req.url === '/__received') return answer(200, { pushes, replies });
      if (req.method !== 'POST' || (req.url !== '/v2/bot/message/push' && req.url !== '/v2/bot/message/reply')) return answer(404, { message: 'Not found' }, 'not found');
      if (req.headers.authorization !== `Bearer ${opts.accessToken}`) return answer(401, { message: 'Authentication failed' }, 'bad token');
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) return answer(415, { message: 'content-type' }, 'content-type');
      if (failures > 0) {
        failures--;
        return answer(500, { message: 'Internal error' }, 'told to fail');
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(400, { message: 'The request body has 1 error(s)' }, 'bad json');
      }
      const list = texts(body.messages);
      if (!list) return answer(400, { message: 'Invalid messages' }, 'bad messages');
      if (req.url === '/v2/bot/message/push') {
        if (typeof body.to !== 'string' || !/^U[0-9a-f]{32}$/.test(body.to)) return answer(400, { message: 'The property, to, is invalid' }, 'bad to');
        const retryKey = (req.headers['x-line-retry-key'] as string | undefined) ?? null;
        if (retryKey && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(retryKey)) return answer(400, { message: 'Invalid retry key' }, 'bad retry key');
        if (retryKey && retryKeys.has(retryKey)) return answer(409, { message: 'The retry key is already accepted' });
        if (retryKey) retryKeys.add(retryKey);
        pushes.push({ to: body.to, texts: list, retryKey });
        return answer(200, { sentMessages: list.map((_, i) => ({ id: String(Date.now() + i) })) });
      }
      if (typeof body.replyToken !== 'string' || !body.replyToken) return answer(400, { message: 'Invalid reply token' }, 'bad reply token');
      replies.push({ replyToken: body.replyToken, texts: list });
      return answer(200, {});
    });
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    pushes,
    replies,
    refused,
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
