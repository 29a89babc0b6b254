import { translator } from '@/lib/i18n/translator';
import type { Locale } from '@/lib/i18n/routing';
import { RETENTION, type RetentionRule } from './table';

/**
 * The privacy notice's retention table, generated from the code's table (lib/retention/table.ts) in the reader's
 * language: a privacy notice (database, editable) says `{{retentionTable}}` where the table goes, and
 * lib/legal/documents.ts puts these rows there, so the notice states exactly the periods the jobs enforce.
 */
export const RETENTION_TABLE_MARKER = '{{retentionTable}}';
const MARKER_RE = /<p>\s*\{\{retentionTable\}\}\s*<\/p>|\{\{retentionTable\}\}/g;

export interface RetentionRow {
  data: string;
  period: string;
  end: string;
}

export function retentionRows(locale: Locale): RetentionRow[] {
  const t = translator(locale, 'privacy.retention');
  const period = (r: RetentionRule) => t(`from.${r.from}`, { duration: t('duration', { unit: r.unit, amount: r.amount }) });
  return RETENTION.map((r) => ({ data: t(`kinds.${r.kind}`), period: period(r), end: t(`action.${r.action}`) }));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** By locale: the table depends on the code's rules and the shipped wording only, and every submit's notice needs it. */
const tables = new Map<Locale, string>();

export function retentionTableHtml(locale: Locale): string {
  let html = tables.get(locale);
  if (html === undefined) {
    html = buildRetentionTable(locale);
    tables.set(locale, html);
  }
  return html;
}

function buildRetentionTable(locale: Locale): string {
  const t = translator(locale, 'privacy.retention');
  const rows = retentionRows(locale)
    .map((r) => `<tr><td>${esc(r.data)}</td><td>${esc(r.period)}</td><td>${esc(r.end)}</td></tr>`)
    .join('');
  return `<table><thead><tr><th scope="col">${esc(t('headData'))}</th><th scope="col">${esc(t('headPeriod'))}</th><th scope="col">${esc(t('headEnd'))}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The notice's HTML with its marker replaced by the table (sanitized HTML in, HTML out; nothing else changes). */
export function withRetentionTable(html: string, locale: Locale): string {
  return html.replace(MARKER_RE, () => retentionTableHtml(locale));
}
