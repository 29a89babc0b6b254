/**
 * Fills `{name}` placeholders of a message template taken raw from messages/*.json (next-intl's `t.raw`), for the few
 * texts a client component must format with numbers it computes itself (the space calculator's running totals).
 * Only plain placeholders are supported; lib/i18n/template.test.ts checks that every template used this way has no
 * ICU syntax (plural, select, quoting) that next-intl would have treated differently.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The template for `count` from a set keyed by plural category (zero for none), as Intl.PluralRules picks it. */
export function pluralTemplate(templates: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }, count: number, rules: Intl.PluralRules): string {
  if (count === 0 && templates.zero) return templates.zero;
  return templates[rules.select(count)] ?? templates.other;
}
