import 'server-only';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionMessageFunctionToolCall } from 'openai/resources/chat/completions';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { runTool, toolDefinitions, type ToolContext } from './tools';

/** Rounds of tool calls before the model must answer in words (a price question needs one or two). */
const MAX_TOOL_ROUNDS = 4;
const MAX_ANSWER_TOKENS = 700;

export function modelConfigured(): boolean {
  return Boolean(env().OPENAI_API_KEY);
}

let cachedClient: { key: string; client: OpenAI } | undefined;

function client(): OpenAI {
  const { OPENAI_API_KEY, OPENAI_BASE_URL } = env();
  const key = `${OPENAI_API_KEY}|${OPENAI_BASE_URL ?? ''}`;
  if (cachedClient?.key !== key) {
    cachedClient = {
      key,
      // One retry covers a dropped connection or a 429/5xx blip; the visitor is waiting, so no longer chains.
      client: new OpenAI({ apiKey: OPENAI_API_KEY, baseURL: OPENAI_BASE_URL, maxRetries: 1, timeout: 30_000 }),
    };
  }
  return cachedClient.client;
}

/**
 * Streams the model's answer to `messages` (system prompt, history, the new question), running the tools it asks for
 * between rounds. Yields pieces of text as they arrive; throws when the model cannot be reached or fails.
 */
export async function* streamModelReply(
  messages: ChatCompletionMessageParam[],
  toolCtx: ToolContext,
  signal: AbortSignal,
): AsyncGenerator<string> {
  const tools = toolDefinitions();
  const conversation = [...messages];
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const lastRound = round === MAX_TOOL_ROUNDS;
    const stream = await client().chat.completions.create(
      {
        model: env().OPENAI_MODEL,
        messages: conversation,
        tools,
        // The last round must answer with what the tools already returned.
        tool_choice: lastRound ? 'none' : 'auto',
        stream: true,
        temperature: 0.3,
        max_tokens: MAX_ANSWER_TOKENS,
      },
      { signal },
    );
    let text = '';
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        text += delta.content;
        yield delta.content;
      }
      for (const tc of delta.tool_calls ?? []) {
        const call = calls.get(tc.index) ?? { id: '', name: '', arguments: '' };
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name += tc.function.name;
        if (tc.function?.arguments) call.arguments += tc.function.arguments;
        calls.set(tc.index, call);
      }
    }
    if (calls.size === 0 || lastRound) return;

    const toolCalls: ChatCompletionMessageFunctionToolCall[] = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ id: c.id || `call_${round}_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
    conversation.push({ role: 'assistant', content: text || null, tool_calls: toolCalls });
    for (const call of toolCalls) {
      const result = await runTool(call.function.name, call.function.arguments, toolCtx).catch((error: unknown) => {
        log.error({ err: error, tool: call.function.name }, 'chat: tool failed');
        return { error: 'tool_failed', message: 'This information is not available right now.' };
      });
      conversation.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
}
