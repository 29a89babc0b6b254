import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point one way: pages and components use lib, the seed uses lib's business defaults, lib uses neither.
 * Email templates (emails/) are used by their senders in lib/email only.
 */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const imports = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);

describe('lib depends on nothing above it', () => {
  it('imports nothing from app/, components/ or prisma/', () => {
    const offenders = sources('lib').flatMap((file) => imports(file).filter((s) => /^@\/(app|components|prisma)\//.test(s)).map((s) => `${file} → ${s}`));
    expect(offenders).toEqual([]);
  });

  it('only the senders in lib/email import email templates', () => {
    const offenders = sources('lib')
      .filter((file) => !file.startsWith(path.join('lib', 'email') + path.sep))
      .flatMap((file) => imports(file).filter((s) => s.startsWith('@/emails/')).map((s) => `${file} → ${s}`));
    expect(offenders).toEqual([]);
  });
});
