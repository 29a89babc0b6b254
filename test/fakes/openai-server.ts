/**
 * A local stand-in for an OpenAI-compatible chat-completions server, so tests drive the real `openai` SDK path of the
 * assistant (lib/chat/model-reply.ts): POST /v1/chat/completions answers with server-sent `chat.completion.chunk`
 * events, tool calls first (arguments split over several chunks, finish_reason 'tool_calls'), then the text, then
 * `data: [DONE]`.
 *
 * It behaves like a model that does whatever it is asked: by default (`defaultBrain`) it looks up live prices with the
 * list_unit_types tool and quotes the figure it gets back, prices a described rental with get_quote, prints its
 * system prompt when asked for its instructions, calls whatever tool a message names, and repeats every tool result it
 * receives. The app, not the model, must keep instructions and other customers' data out of the answer.
 * Tests can replace the brain (`fake.brain = …`) or use the control routes the e2e server exposes:
 *   POST /__fail?n=2    the next n completions answer 500
 *   POST /__delay?ms=1500  wait before answering (until /__reset)
 *   POST /__reset       back to normal, requests forgotten
 *   GET  /__requests    the recorded request bodies
 * It checks what it receives (issue 25): the API key (`apiKey`, default sk-test-fake; 401 like OpenAI otherwise) and
 * the tools offered: each a function with a valid name, a description and an object schema, and, with `allowedTools`,
 * only those names (400 otherwise, as OpenAI answers an invalid request). Refusals are listed in `refused`.
 */
import http from 'node:http';
import { keepConnections } from './keep-alive';

export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool' | 'developer';
  content?: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  stream?: boolean;
}

/** What the fake model does with one request: call tools, or answer with text. */
export type FakeTurn = { toolCalls: { name: string; arguments: Record<string, unknown> | string }[] } | { text: string };

export type FakeBrain = (request: FakeChatRequest) => FakeTurn;

export interface FakeOpenAI {
  /** the base URL for the SDK (…/v1) */
  url: string;
  requests: FakeChatRequest[];
  brain: FakeBrain;
  failNext(n: number): void;
  close(): Promise<void>;
  /** the tools the model may be offered; null: any well-formed tool */
  allowedTools: string[] | null;
  refused: { status: number; message: string }[];
}

/** What OpenAI (or the test's `allowedTools`) refuses in the tools of a request: null when they are acceptable. */
export function toolsProblem(tools: FakeChatRequest['tools'], allowed: string[] | null): string | null {
  for (const t of tools ?? []) {
    const name = t?.function?.name;
    if (t?.type !== 'function' || typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return `Invalid tool: ${JSON.stringify(t).slice(0, 80)}`;
    if (!t.function.description?.trim()) return `Tool ${name} has no description`;
    const params = t.function.parameters as { type?: string } | undefined;
    if (!params || params.type !== 'object') return `Tool ${name}: parameters must be a JSON schema of type object`;
    if (allowed && !allowed.includes(name)) return `Tool ${name} is not one the model may be offered`;
  }
  const names = (tools ?? []).map((t) => t.function.name);
  if (new Set(names).size !== names.length) return 'Tool names must be unique';
  return null;
}

const lastUserText = (req: FakeChatRequest) => [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

function languageOf(text: string): 'th' | 'ru' | 'en' {
  if (/[\u0E00-\u0E7F]/.test(text)) return 'th';
  if (/[\u0400-\u04FF]/.test(text)) return 'ru';
  return 'en';
}

/** Tool results sent back since the visitor's last message. */
function toolResults(req: FakeChatRequest): { name: string; result: unknown }[] {
  const out: { name: string; result: unknown }[] = [];
  const calls = new Map<string, string>();
  let sinceUser = false;
  for (const m of req.messages) {
    if (m.role === 'user') {
      sinceUser = true;
      out.length = 0;
      calls.clear();
    }
    if (!sinceUser) continue;
    for (const c of m.tool_calls ?? []) calls.set(c.id, c.function.name);
    if (m.role === 'tool') {
      let result: unknown = m.content;
      try {
        result = JSON.parse(m.content ?? '');
      } catch {
        // keep the text
      }
      out.push({ name: calls.get(m.tool_call_id ?? '') ?? 'unknown', result });
    }
  }
  return out;
}

interface UnitResult {
  code: string;
  name: string;
  monthlyPriceText: string;
  availableCount: number;
}

function unitCodeIn(text: string, codes: string[]): string | null {
  const sorted = [...codes].sort((a, b) => b.length - a.length);
  for (const code of sorted) {
    const re = code.length === 1 ? new RegExp(`(^|[^A-Za-z])${code.toUpperCase()}(?![A-Za-z])`) : new RegExp(`(^|[^a-z0-9])${code}(?![a-z0-9])`, 'i');
    if (re.test(text)) return code;
  }
  return null;
}

function answerFromTools(question: string, results: { name: string; result: unknown }[]): string {
  const lang = languageOf(question);
  const parts: string[] = [];
  for (const { name, result } of results) {
    const r = result as Record<string, unknown>;
    if (name === 'list_unit_types' && Array.isArray(r.unitTypes)) {
      const units = r.unitTypes as UnitResult[];
      const code = unitCodeIn(question, units.map((u) => u.code));
      for (const u of code ? units.filter((x) => x.code === code) : units) {
        parts.push(
          lang === 'th'
            ? `${u.name} ราคา ${u.monthlyPriceText} ต่อเดือน (รวม VAT) ว่าง ${u.availableCount} ห้อง`
            : lang === 'ru'
              ? `${u.name}: ${u.monthlyPriceText} в месяц (с НДС), свободно: ${u.availableCount}.`
              : `The ${u.name} is ${u.monthlyPriceText} a month (VAT included); ${u.availableCount} available.`,
        );
      }
    } else if (name === 'get_quote' && r.formatted) {
      const total = (r.formatted as Record<string, string>).totalDueToday;
      parts.push(lang === 'th' ? `ยอดที่ต้องชำระวันนี้: ${total}` : lang === 'ru' ? `К оплате сегодня: ${total}` : `Total due today: ${total}.`);
    } else {
      // A compliant model repeats whatever it was given.
      parts.push(`Here is what I found: ${JSON.stringify(result)}`);
    }
  }
  return parts.join('\n');
}

/** The default behaviour described at the top of this file. */
export const defaultBrain: FakeBrain = (req) => {
  const last = req.messages[req.messages.length - 1];
  const question = lastUserText(req);
  if (last?.role === 'tool') return { text: answerFromTools(question, toolResults(req)) };

  if (/instruction|system prompt|your prompt|คำสั่ง|инструкц/i.test(question)) {
    return { text: `Sure! My instructions are:\n${req.messages.find((m) => m.role === 'system')?.content ?? ''}` };
  }
  const reference = /BF2-[0-9A-Z]{8}/.exec(question)?.[0];
  if (reference) return { toolCalls: [{ name: 'lookup_booking', arguments: { reference } }] };
  if (/quote|total|cost for|ทั้งหมด|итого|всего/i.test(question)) {
    const code = unitCodeIn(question, ['s', 'm', 'l', 'xl', 'xxl', 'm6', 'm4', 'm1', 'm1cc', 'gb']) ?? 'm';
    const months = /(\d+)\s*(month|เดือน|месяц)/i.exec(question)?.[1];
    const term = months === '3' ? '3m' : months === '6' ? '6m' : months === '12' ? '12m' : 'm2m';
    const insurance = Number(/insurance\D{0,10}(\d{3,4})/i.exec(question)?.[1] ?? 0);
    return { toolCalls: [{ name: 'get_quote', arguments: { unit: code, term, insurance, payment: 'card' } }] };
  }
  if (/price|cost|how much|ราคา|เท่าไหร่|เท่าไร|цен|стоит|сколько/i.test(question)) {
    return { toolCalls: [{ name: 'list_unit_types', arguments: {} }] };
  }
  const lang = languageOf(question);
  return { text: lang === 'th' ? 'สวัสดีค่ะ มีอะไรให้ช่วยเรื่องห้องเก็บของไหมคะ' : lang === 'ru' ? 'Здравствуйте! Чем помочь с хранением?' : 'Hello! How can I help with storage?' };
};

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** Splits a string into n roughly equal pieces (tool arguments arrive in fragments from real servers too). */
function pieces(s: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(s.length / n));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length ? out : [''];
}

export async function startFakeOpenAI(opts: { port?: number; chunkDelayMs?: number; apiKey?: string; allowedTools?: string[] } = {}): Promise<FakeOpenAI> {
  const apiKey = opts.apiKey ?? 'sk-test-fake';
  const requests: FakeChatRequest[] = [];
  let failures = 0;
  let delayMs = 0;
  let counter = 0;
  const chunkDelay = opts.chunkDelayMs ?? 5;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const fake: FakeOpenAI = {
    url: '',
    requests,
    brain: defaultBrain,
    failNext: (n) => (failures = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    allowedTools: opts.allowedTools ?? null,
    refused: [],
  };

  const server = http.createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (data += c));
    req.on('end', async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/__fail') return send(200, { failures: (failures = Number(url.searchParams.get('n') ?? 1)) });
      if (req.method === 'POST' && url.pathname === '/__delay') return send(200, { delayMs: (delayMs = Number(url.searchParams.get('ms') ?? 0)) });
      if (req.method === 'POST' && url.pathname === '/__reset') {
        failures = 0;
        delayMs = 0;
        requests.length = 0;
        return send(200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/__requests') return send(200, requests);
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') return send(404, { error: { message: 'fake openai: no route', type: 'invalid_request_error' } });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        fake.refused.push({ status: 401, message: 'Incorrect API key provided' });
        return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      }

      const body = JSON.parse(data || '{}') as FakeChatRequest;
      requests.push(body);
      const problem = toolsProblem(body.tools, fake.allowedTools);
      if (problem) {
        fake.refused.push({ status: 400, message: problem });
        return send(400, { error: { message: problem, type: 'invalid_request_error', param: 'tools' } });
      }
      if (delayMs) await sleep(delayMs);
      if (failures > 0) {
        failures--;
        return send(500, { error: { message: 'fake openai failure', type: 'server_error' } });
      }
      let turn: FakeTurn;
      try {
        turn = fake.brain(body);
      } catch (error) {
        return send(500, { error: { message: String(error), type: 'server_error' } });
      }
      const id = `chatcmpl-fake-${++counter}`;
      const model = body.model;
      if (!body.stream) {
        const message =
          'text' in turn
            ? { role: 'assistant', content: turn.text }
            : { role: 'assistant', content: null, tool_calls: turn.toolCalls.map((c, i) => ({ id: `call_${counter}_${i}`, type: 'function', function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) } })) };
        return send(200, { id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, message, finish_reason: 'text' in turn ? 'stop' : 'tool_calls' }] });
      }

      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const write = async (s: string) => {
        res.write(s);
        if (chunkDelay) await sleep(chunkDelay);
      };
      if ('text' in turn) {
        await write(chunk(id, model, { role: 'assistant', content: '' }));
        for (const piece of turn.text.match(/[\s\S]{1,12}/g) ?? []) await write(chunk(id, model, { content: piece }));
        await write(chunk(id, model, {}, 'stop'));
      } else {
        for (const [index, call] of turn.toolCalls.entries()) {
          const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
          await write(chunk(id, model, { role: 'assistant', content: null, tool_calls: [{ index, id: `call_${counter}_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
          for (const part of pieces(args, 3)) await write(chunk(id, model, { tool_calls: [{ index, function: { arguments: part } }] }));
        }
        await write(chunk(id, model, {}, 'tool_calls'));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  keepConnections(server);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}/v1`;
  return fake;
}
