import 'server-only';
import { env } from '@/lib/env';

/**
 * The LINE Messaging API, the two calls the site makes (docs/product-rules.md#line-messages): push a text to a linked
 * user (POST /v2/bot/message/push) and answer a message the user just sent (POST /v2/bot/message/reply, free of quota).
 * Configured by LINE_CHANNEL_ACCESS_TOKEN + LINE_CHANNEL_SECRET; without both, LINE does not exist for the site.
 */
export interface LineConfig {
  apiUrl: string;
  accessToken: string;
  channelSecret: string;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 10_000;

export function lineConfigFromEnv(): LineConfig | null {
  const { LINE_CHANNEL_ACCESS_TOKEN, LINE_CHANNEL_SECRET, LINE_API_URL } = env();
  return LINE_CHANNEL_ACCESS_TOKEN && LINE_CHANNEL_SECRET ? { apiUrl: LINE_API_URL.replace(/\/+$/, ''), accessToken: LINE_CHANNEL_ACCESS_TOKEN, channelSecret: LINE_CHANNEL_SECRET } : null;
}

export type LineCallOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function call(config: LineConfig, path: string, body: unknown, retryKey?: string): Promise<LineCallOutcome> {
  try {
    const res = await (config.fetch ?? fetch)(`${config.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${config.accessToken}`,
        // LINE answers 409 to a second push with the same key: a retry after a lost answer never sends twice.
        ...(retryKey ? { 'x-line-retry-key': retryKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await res.text()).slice(0, 300);
    if (res.ok || res.status === 409) return { ok: true, status: res.status };
    return { ok: false, status: res.status, error: `HTTP ${res.status} ${answer}`.trim() };
  } catch (err) {
    return { ok: false, status: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 300) };
  }
}

export function pushLineText(config: LineConfig, to: string, text: string, retryKey: string): Promise<LineCallOutcome> {
  return call(config, '/v2/bot/message/push', { to, messages: [{ type: 'text', text }] }, retryKey);
}

export function replyLineText(config: LineConfig, replyToken: string, text: string): Promise<LineCallOutcome> {
  return call(config, '/v2/bot/message/reply', { replyToken, messages: [{ type: 'text', text }] });
}
