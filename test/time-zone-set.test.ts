import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { disk, isUnitTest, isZoneTest, zoneSetProblems, type Source } from './time-zone-scan';

/**
 * The unit tests run once in UTC; those whose outcome can depend on the machine's zone (`*.tz.test.ts`) run again in
 * Asia/Bangkok (vitest.config.ts). The set is held to what the files reach: a test of a module that touches dates,
 * however deep, is in it; a test that reaches no date is not.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.next', '.git', 'generated', '.stryker-tmp', '.data', 'e2e', 'reports', 'test-results']);

function testFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return SKIP.has(e.name) || e.name.startsWith('.next') ? [] : testFiles(rel);
    return isUnitTest(rel) ? [rel] : [];
  });
}

/** The checkout with some files planted (or replaced) in memory. */
const planted = (files: Record<string, string>): Source => {
  const real = disk(ROOT);
  return { read: (f) => (f in files ? files[f] : real.read(f)) };
};

describe('the tests run a second time, in Asia/Bangkok', () => {
  const files = testFiles();

  it('are exactly the unit tests that touch dates', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(zoneSetProblems(disk(ROOT), files)).toEqual([]);
  });

  it('include the date helpers and the modules built on them, and leave most files to one run', () => {
    const zone = files.filter(isZoneTest);
    expect(zone).toEqual(expect.arrayContaining(['lib/dates/bangkok.tz.test.ts', 'lib/billing/calendar.tz.test.ts', 'lib/portal/notice.tz.test.ts']));
    expect(zone.length).toBeLessThan(files.length / 2);
  });

  it('catch a test of a date module that is not named for the second zone, however deep the dates are', () => {
    const src = planted({
      'lib/planted/deep.ts': "export const day = (d: Date) => d.getDate();\n",
      'lib/planted/mid.ts': "import { day } from './deep';\nexport const twice = (d: Date) => day(d) * 2;\n",
      'lib/planted/mid.test.ts': "import { twice } from './mid';\nit('doubles', () => twice(new Date()));\n",
      'lib/planted/bangkok-user.test.ts': "import { todayInBangkok } from '@/lib/dates/bangkok';\nit('x', () => todayInBangkok());\n",
      'lib/planted/mocked.test.ts': "vi.mock('@/lib/planted/deep', async () => ({}));\n",
    });
    expect(zoneSetProblems(src, ['lib/planted/mid.test.ts', 'lib/planted/bangkok-user.test.ts', 'lib/planted/mocked.test.ts'])).toEqual([
      'lib/planted/mid.test.ts touches dates (lib/planted/mid.test.ts → lib/planted/mid.ts → lib/planted/deep.ts → (a local getter or setter of Date)): name it *.tz.test.ts so it runs in Asia/Bangkok too',
      expect.stringMatching(/^lib\/planted\/bangkok-user\.test\.ts touches dates \(lib\/planted\/bangkok-user\.test\.ts → lib\/dates\/bangkok\.ts → \(.+\)\): name it \*\.tz\.test\.ts/),
      'lib/planted/mocked.test.ts touches dates (lib/planted/mocked.test.ts → lib/planted/deep.ts → (a local getter or setter of Date)): name it *.tz.test.ts so it runs in Asia/Bangkok too',
    ]);
  });

  it.each([
    ['a local getter', 'd.getHours()'],
    ['a local setter', 'd.setDate(1)'],
    ['the local constructor', 'new Date(2026, 0, 1)'],
    ['a locale formatter', 'd.toLocaleDateString("th")'],
    ['Intl', 'new Intl.DateTimeFormat("en", {})'],
    ['an explicit zone', "format(d, { timeZone: 'Asia/Bangkok' })"],
    ['date-fns', "import { addDays } from 'date-fns';"],
  ])('catch %s', (_, code) => {
    const src = planted({ 'lib/planted/x.ts': `${code}\n`, 'lib/planted/x.test.ts': "import './x';\n" });
    expect(zoneSetProblems(src, ['lib/planted/x.test.ts'])).toHaveLength(1);
  });

  it('catch a test named for the second zone that touches no date, and ignore UTC-only arithmetic', () => {
    const src = planted({
      'lib/planted/utc.ts': 'export const ms = (d: Date) => d.getTime() + Date.UTC(2026, 0, 1) + new Date("2026-01-01T00:00:00Z").getUTCDate();\n',
      'lib/planted/utc.tz.test.ts': "import { ms } from './utc';\n",
    });
    expect(zoneSetProblems(src, ['lib/planted/utc.tz.test.ts'])).toEqual([
      'lib/planted/utc.tz.test.ts touches no date: its second run in Asia/Bangkok proves nothing, name it *.test.ts',
    ]);
  });
});
