import { cloneElement, isValidElement, type ReactNode } from 'react';
import format, { type CompiledMessage, type FormatOptions } from 'icu-minify/format';

/**
 * Messages compiled from ICU text on the server (lib/i18n/compiled-messages.ts), by the catalogue's own nesting. The
 * browser formats them with icu-minify's formatter (under 1 kB) instead of next-intl's, which parses every ICU text
 * where it is shown and carries intl-messageformat and its parser: 10.7 kB of Brotli and the wizard's largest module
 * of script before a tap (bench/2026-11-30-wizard-compiled-messages.md). The rule: docs/architecture.md, "Texts are
 * translated on the server".
 */
export type CompiledMessages = { [key: string]: CompiledMessage | CompiledMessages };

type Values = Record<string, string | number | boolean | Date>;
type RichValues = Record<string, string | number | boolean | Date | ((chunks: ReactNode[]) => ReactNode)>;

export interface CompiledTranslator {
  (key: string, values?: Values): string;
  rich(key: string, values?: RichValues): ReactNode;
  markup(key: string, values?: Record<string, string | number | boolean | Date | ((chunks: string) => string)>): string;
  raw(key: string): never;
  has(key: string): boolean;
}

export interface TranslatorSource {
  locale: string;
  messages: CompiledMessages;
}

/** One Intl formatter per locale and options, as next-intl keeps them: building one costs more than using it. */
function memo<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(...args)));
    return value;
  };
}

const FORMATTERS: FormatOptions['formatters'] = {
  // Dates are written out by lib/dates alone, in the business's zone (test/dates-one-module.test.ts): a text takes a
  // date as a string it made. compiled-format.tz.test.ts checks that no wizard text asks for one.
  getDateTimeFormat: () => {
    throw new Error('an ICU date or time argument: pass the date written out by lib/dates instead');
  },
  getNumberFormat: memo((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
  getPluralRules: memo((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

function lookup(messages: CompiledMessages, path: string): CompiledMessage | undefined {
  let node: CompiledMessage | CompiledMessages | undefined = messages;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' || Array.isArray(node) ? node : undefined;
}

/**
 * A `t` for `namespace`, called as next-intl's is: `t(key, values)`, `t.rich(key, { tag: (chunks) => … })`,
 * `t.markup`, `t.has(key)`. A text that is missing shows its key, as next-intl shows it, and is reported.
 */
export function compiledTranslator({ locale, messages }: TranslatorSource, namespace: string): CompiledTranslator {
  const options: FormatOptions = { formatters: FORMATTERS };
  const pathOf = (key: string) => (namespace ? `${namespace}.${key}` : key);
  // A missing text, or values that do not fit it (the development formatter checks them), shows the key.
  // icu-minify's production formatter writes an empty value as "undefined"; next-intl writes nothing.
  const present = <V extends object>(values: V | undefined): V | undefined =>
    values && (Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value ?? ''])) as V);
  const run = <R>(key: string, formatWith: (message: CompiledMessage) => R): R | string => {
    const path = pathOf(key);
    const message = lookup(messages, path);
    if (message === undefined) {
      console.error(`[i18n] no text for ${path} in ${locale}`);
      return path;
    }
    try {
      return formatWith(message);
    } catch (error) {
      console.error(`[i18n] cannot format ${path} in ${locale}`, error);
      return path;
    }
  };

  const t = ((key: string, values?: Values): string =>
    run(key, (message) => {
      const out = format<string>(message, locale, present(values), options);
      return Array.isArray(out) ? out.join('') : out;
    })) as CompiledTranslator;

  t.rich = (key, values) => {
    // Each tag's element gets a key, as next-intl gives it: the parts are rendered as a list.
    let n = 0;
    const keyed: RichValues | undefined = values
      ? Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'function'
              ? (chunks: ReactNode[]) => {
                  const element = value(chunks);
                  return isValidElement(element) ? cloneElement(element, { key: `${name}-${n++}` }) : element;
                }
              : value,
          ]),
        )
      : undefined;
    return run(key, (message) => format<ReactNode>(message, locale, present(keyed), options));
  };

  t.markup = (key, values) =>
    run(key, (message) => {
      const joined = values
        ? Object.fromEntries(
            Object.entries(values).map(([name, value]) => [name, typeof value === 'function' ? (chunks: string[]) => value(chunks.join('')) : value]),
          )
        : undefined;
      const out = format<string>(message, locale, present(joined), options);
      return Array.isArray(out) ? out.join('') : out;
    });

  t.raw = (key) => {
    throw new Error(`t.raw('${pathOf(key)}'): the browser holds compiled texts, not their ICU source`);
  };

  t.has = (key) => lookup(messages, pathOf(key)) !== undefined;
  return t;
}
