import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, HINT } from './compile-hints.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A build folder with the given root scripts (and one script no page starts with). */
function build(roots: string[] | undefined, { maps = false } = {}): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  for (const name of ['react-dom.js', 'runtime.js', 'wizard-dialog.js']) {
    fs.writeFileSync(path.join(dist, 'static/chunks', name), `(globalThis.TURBOPACK||[]).push([${JSON.stringify(name)}]);\n//# sourceMappingURL=${name}.map`);
    if (maps) fs.writeFileSync(path.join(dist, 'static/chunks', `${name}.map`), JSON.stringify({ version: 3, sources: ['a.js'], mappings: 'AAAA;AACA' }));
  }
  if (roots) fs.writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ polyfillFiles: [], rootMainFiles: roots }));
  return dist;
}
const read = (dist: string, name: string) => fs.readFileSync(path.join(dist, 'static/chunks', name), 'utf8');

describe('compile hints on the scripts every page starts with', () => {
  it('marks each root script once, at its top, and leaves the others alone', () => {
    const dist = build(['static/chunks/react-dom.js', 'static/chunks/runtime.js']);
    const before = read(dist, 'react-dom.js');
    expect(addCompileHints(dist).marked).toEqual(['static/chunks/react-dom.js', 'static/chunks/runtime.js']);
    expect(read(dist, 'react-dom.js')).toBe(HINT + before);
    expect(read(dist, 'runtime.js').startsWith('//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK')).toBe(true);
    expect(read(dist, 'wizard-dialog.js').startsWith('//#')).toBe(false);
    // A second build step over the same folder (the image builds once, `npm start` may find it done) adds nothing.
    expect(addCompileHints(dist).marked).toEqual([]);
    expect(read(dist, 'react-dom.js')).toBe(HINT + before);
  });

  it("keeps a source map's lines in step with its script", () => {
    const dist = build(['static/chunks/react-dom.js'], { maps: true });
    addCompileHints(dist);
    expect(JSON.parse(read(dist, 'react-dom.js.map')).mappings).toBe(';AAAA;AACA');
    expect(JSON.parse(read(dist, 'wizard-dialog.js.map')).mappings).toBe('AAAA;AACA');
  });

  it('moves the parts of an index map down one line', () => {
    const dist = build(['static/chunks/runtime.js']);
    const map = { version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, sources: [], mappings: 'AAAA' } }, { offset: { line: 4, column: 2 }, map: { version: 3, sources: [], mappings: 'AAAA' } }] };
    fs.writeFileSync(path.join(dist, 'static/chunks/runtime.js.map'), JSON.stringify(map));
    addCompileHints(dist);
    expect(JSON.parse(read(dist, 'runtime.js.map')).sections.map((s: { offset: { line: number; column: number } }) => s.offset)).toEqual([
      { line: 1, column: 0 },
      { line: 5, column: 2 },
    ]);
  });

  it('says so, and changes nothing, when the manifest is missing or names no scripts', () => {
    for (const roots of [undefined, []]) {
      const dist = build(roots);
      const warnings: string[] = [];
      expect(addCompileHints(dist, { warn: (m) => warnings.push(m) }).marked).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^compile hints: .*left as they are$/);
      expect(read(dist, 'react-dom.js').startsWith('//#')).toBe(false);
    }
  });
});
