import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statedFigures } from '@/test/decided-figures';
import { GRACE_DAYS } from './rental-terms';
import { DEFAULT_AGREEMENT } from './default-agreement';
import { LEGAL_DOCUMENTS } from '@/prisma/seed-data/legal';

/**
 * The legal texts a customer signs or reads (the built-in rental agreement, the seeded terms and privacy policy) write
 * every period, fee and rate the code keeps from its constant, as the messages do (docs/product-rules.md#figures-the-code-decides):
 * read from their source, a figure typed into the text fails here, so a changed constant cannot leave the agreement
 * promising the old one.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['lib/legal/default-agreement.ts', 'prisma/seed-data/legal.ts'];

/** Each `const NAME = \`…\`` text of a source, with its `${…}` left out: what the author typed. */
function typedTexts(file: string): { name: string; typed: string }[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/const ([A-Z_]+) = `([\s\S]*?)`;/g)].map((m) => ({ name: `${file} ${m[1]}`, typed: m[2].replace(/\$\{[^}]*\}/g, ' ') }));
}
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ');
/** Figures that are another fact than the constant they happen to equal. */
const NOT_DECIDED = [
  // The gate's opening (a fact of the place, docs/product-rules.md "Office hours"), not a hold or a billing lead time.
  '24 hours a day, 7 days a week',
  'круглосуточно, 7 дней в неделю',
];
const withoutOtherFacts = (text: string) => NOT_DECIDED.reduce((t, phrase) => t.replaceAll(phrase, ' '), text);

describe('the legal texts state the figures the code keeps from its constants', () => {
  it('reads every text of the agreement, the terms and the privacy policy in the three languages', () => {
    const names = SOURCES.flatMap(typedTexts).map((t) => t.name.split(' ')[1]);
    expect(names).toEqual(expect.arrayContaining(['EN_AGREEMENT', 'TH_AGREEMENT', 'RU_AGREEMENT', 'EN_TERMS', 'TH_TERMS', 'RU_TERMS', 'EN_PRIVACY', 'TH_PRIVACY', 'RU_PRIVACY']));
  });

  it('as written, each language states the figures (the check sees them)', () => {
    expect(plain(DEFAULT_AGREEMENT.en.html)).toContain(`grace period of ${GRACE_DAYS} days`);
    for (const l of ['en', 'th', 'ru'] as const) expect(statedFigures(plain(DEFAULT_AGREEMENT[l].html)).length).toBeGreaterThan(10);
    for (const d of LEGAL_DOCUMENTS.filter((x) => x.type === 'terms_conditions')) expect(statedFigures(plain(d.content)).length, d.locale).toBeGreaterThan(5);
  });

  it.each(SOURCES)('%s types none of them into the text', (file) => {
    const typed = typedTexts(file).flatMap((t) => statedFigures(withoutOtherFacts(plain(t.typed))).map((f) => `${t.name}: ${f.said.trim()}`));
    expect(typed).toEqual([]);
  });
});
