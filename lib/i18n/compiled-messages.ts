import 'server-only';
import compile from 'icu-minify/compile';
import type { AbstractIntlMessages } from 'next-intl';
import { log } from '@/lib/log';
import type { CompiledMessages } from './compiled-format';

/**
 * The namespaces a page's client components translate, compiled for the browser's formatter (lib/i18n/compiled-format.ts).
 * Server components translate on the server; only these travel to the browser. Kept per messages object: the shipped
 * catalogue for good, one with staff's overrides until the overrides change (lib/i18n/overrides.ts).
 */
const compiled = new WeakMap<AbstractIntlMessages, Map<string, CompiledMessages>>();

export function compileClientMessages(messages: AbstractIntlMessages, namespaces: readonly string[]): CompiledMessages {
  let byNamespaces = compiled.get(messages);
  if (!byNamespaces) compiled.set(messages, (byNamespaces = new Map()));
  const key = namespaces.join(',');
  const known = byNamespaces.get(key);
  if (known) return known;
  const out: CompiledMessages = {};
  for (const ns of namespaces) {
    const node = messages[ns];
    if (node !== undefined) out[ns] = compileNode(node, ns);
  }
  byNamespaces.set(key, out);
  return out;
}

function compileNode(node: AbstractIntlMessages | string, path: string): CompiledMessages | ReturnType<typeof compile> {
  if (typeof node !== 'string') {
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, compileNode(child, `${path}.${key}`)]));
  }
  try {
    return plain(compile(node));
  } catch (error) {
    // Staff overrides are checked to be valid ICU when saved (checkOverride, lib/content/content.ts); one that got past
    // shows its key here, as next-intl shows it in the server-rendered parts of the page.
    log.error({ err: error, key: path }, 'translations: a text is not valid ICU, its key is shown');
    return path;
  }
}

/**
 * icu-minify keeps a plural's or select's branches in objects without a prototype, which React will not pass from a
 * server component to a client one: the page fell back to rendering in the browser, with an error for each.
 */
function plain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(plain) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)])) as T;
  return value;
}
