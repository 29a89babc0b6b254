import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '@/lib/env/schema';

/**
 * What the docs list is held to the code: the jobs of lib/jobs/index.ts, the Stripe events of the webhook's handler map
 * and the variables of the env schema. The README once listed 7 of 10 jobs and left out the refund events the credit
 * notes need; a list that drifts from its registry fails here instead.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/**
 * The keys of an object literal `export const NAME … = {` (its top-level keys sit two spaces in). Read from the text
 * rather than imported: importing the registries would load the whole app's module graph into a unit test.
 */
export function objectKeys(source: string, name: string): string[] {
  const start = source.search(new RegExp(`export const ${name}\\b[^=]*=\\s*\\{`));
  if (start < 0) throw new Error(`${name} not found`);
  const body = source.slice(start).split(/\n\}/)[0];
  return [...body.matchAll(/^ {2}'?([\w.-]+)'?\s*:/gm)].map((m) => m[1]);
}

/** The first column of a Markdown table's rows written as `name`. */
const tableNames = (markdown: string) => [...markdown.matchAll(/^\| `([\w.-]+)` \|/gm)].map((m) => m[1]);

const section = (markdown: string, heading: string) => {
  const from = markdown.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`${heading} not found`);
  const rest = markdown.slice(from + heading.length + 2);
  const next = rest.search(/^#{1,2} /m);
  return next < 0 ? rest : rest.slice(0, next);
};

describe('the docs list what the code has', () => {
  it('docs/deploying.md "Jobs" lists every job of lib/jobs/index.ts, and no job that is gone', () => {
    const jobs = objectKeys(read('lib/jobs/index.ts'), 'JOBS');
    expect(jobs).toEqual(expect.arrayContaining(['billing', 'release-holds', 'reviews-sync']));
    expect(tableNames(section(read('docs/deploying.md'), '## Jobs')).sort()).toEqual([...jobs].sort());
  });

  it('docs/deploying.md names every Stripe event the webhook handles, for the Dashboard endpoint', () => {
    const events = objectKeys(read('lib/payments/webhook-events.ts'), 'STRIPE_EVENT_HANDLERS');
    expect(events).toEqual(expect.arrayContaining(['checkout.session.completed', 'refund.created']));
    const stripe = read('docs/deploying.md').split('**Stripe.**')[1]?.split('\n\n')[0] ?? '';
    expect(events.filter((e) => !stripe.includes(`\`${e}\``))).toEqual([]);
  });

  it('.env.example documents every variable of the env schema, and none the schema does not read', () => {
    const schema = Object.keys(envSchema.shape).filter((k) => k !== 'NODE_ENV');
    const example = read('.env.example');
    const documented = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(schema.filter((k) => !documented.has(k))).toEqual([]);
    // Read outside the app's schema: by scripts/server.mjs before the app loads, and by Next's page cache handler.
    const server = new Set(['PORT', 'HOST', 'SHUTDOWN_TIMEOUT_MS', 'PAGE_CACHE_PREFIX']);
    expect([...documented].filter((k) => !schema.includes(k) && !server.has(k))).toEqual([]);
  });

  it('reads a registry the way it is written (the reader itself is checked)', () => {
    const planted = "export const JOBS = {\n  /** a */\n  billing: {\n    schedule: '0 6 * * *',\n  },\n  'staff-digest': {\n    run: (db) => x,\n  },\n} as const;\nconst OTHER = {\n  nope: 1,\n};\n";
    expect(objectKeys(planted, 'JOBS')).toEqual(['billing', 'staff-digest']);
    expect(tableNames('| job | when |\n| --- | --- |\n| `billing` | 06:00 |\n| `etax` | every 5 minutes |\n')).toEqual(['billing', 'etax']);
  });
});
