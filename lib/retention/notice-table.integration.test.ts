import { afterAll, describe, expect, it } from 'vitest';
import { openTestDb } from '@/test/db';
import { getActiveLegalDocument, getLegalDialogText } from '@/lib/legal/documents';
import { LEGAL_DOCUMENTS, PRIVACY_VERSION } from '@/prisma/seed-data/legal';
import { RETENTION } from './table';
import { RETENTION_TABLE_MARKER, retentionRows } from './notice-table';

/**
 * The privacy notice's retention table IS the code's table (docs/product-rules.md#personal-data-pdpa): read the notice
 * as /legal and the legal dialog show it, in each language, and compare its rows with lib/retention/table.ts.
 */
const { db, close } = await openTestDb();
afterAll(() => close());

/** The rows of the table that follows the notice's section 6 heading, as text cells. */
function noticeRetentionRows(html: string): string[][] {
  const section = html.slice(html.indexOf('<h3>6.'), html.indexOf('<h3>7.'));
  const body = section.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? '';
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((tr) => [...tr[1].matchAll(/<td>([\s\S]*?)<\/td>/g)].map((td) => decode(td[1])));
}

describe('the privacy notice states the retention the jobs enforce', () => {
  for (const locale of ['en', 'th', 'ru'] as const) {
    it(`${locale}: the notice's table has one row per kind of the code's table, with its period and its end`, async () => {
      const doc = await getActiveLegalDocument(db, 'privacy_policy', locale);
      expect(doc).not.toBeNull();
      expect(doc!.version).toBe(PRIVACY_VERSION);
      expect(doc!.html).not.toContain(RETENTION_TABLE_MARKER);
      const rows = noticeRetentionRows(doc!.html);
      expect(rows).toEqual(retentionRows(locale).map((r) => [r.data, r.period, r.end]));
      // Each period as the reader sees it carries the code's number (a reworded message cannot drop it).
      RETENTION.forEach((rule, i) => expect(rows[i][1]).toContain(String(rule.amount)));
      // The legal dialog (wizard, footer) shows the same table.
      expect(noticeRetentionRows((await getLegalDialogText(db, 'privacy_policy', locale))!.html)).toEqual(rows);
    });
  }

  it('the shipped notice has no hand-written retention table: only the marker, once per language', () => {
    for (const d of LEGAL_DOCUMENTS.filter((x) => x.type === 'privacy_policy')) {
      expect(d.content.split(RETENTION_TABLE_MARKER)).toHaveLength(2);
      const section = d.content.slice(d.content.indexOf('<h3>6.'), d.content.indexOf('<h3>7.'));
      expect(section).not.toContain('<table');
    }
  });

  it('a notice staff saved with the marker elsewhere still gets the generated table there', async () => {
    await db.legalDocument.create({
      data: { type: 'privacy_policy', locale: 'en', version: PRIVACY_VERSION + 1, title: 'Privacy Policy', content: `<h3>6. Keeping</h3><p>${RETENTION_TABLE_MARKER}</p><h3>7. End</h3>`, createdAt: new Date(Date.now() + 1000) },
    });
    const doc = await getActiveLegalDocument(db, 'privacy_policy', 'en');
    expect(noticeRetentionRows(doc!.html)).toHaveLength(RETENTION.length);
  });
});
