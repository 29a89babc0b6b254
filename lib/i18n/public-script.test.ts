import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The public pages' script budget (README "Performance": 120 kB as a browser downloads it, of which Next and React DOM
 * take 113) leaves no room for next/link (client navigation and prefetching, about 3 kB, and the prefetched pages'
 * script on top), next/dynamic's loader (1.5 kB) or next/script. Customer pages use plain links (lib/i18n/link.tsx) and
 * React.lazy (docs/architecture.md, "Public pages ship as little script as they can"). The wizard's own steps are the
 * one exception: they split the wizard's code by step.
 */
const ROOTS = ['components', 'lib', path.join('app', '[locale]')];
const WIZARD = path.join('app', '[locale]', 'booking-v2') + path.sep;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('script on the public pages', () => {
  it('no customer page or shared component imports next/link, next/dynamic or next/script', () => {
    const offenders = ROOTS.flatMap(sources)
      .filter((file) => !file.startsWith(WIZARD))
      .filter((file) => /from 'next\/(link|dynamic|script)'/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
