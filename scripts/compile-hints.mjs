// Marks the build's start-up scripts for eager compilation (docs/performance.md, "Compile hints"). Every page runs the
// same few chunks before it can answer a tap: React, React DOM, Next's client and Turbopack's runtime (the build
// manifest's `rootMainFiles`). Left to itself, V8 compiles each of their functions on the main thread the first time
// it is called, so the phone's main thread parses React DOM twice while the page starts. The magic comment
// `//# allFunctionsCalledOnLoad` at the top of a script (V8's explicit compile hints, Chrome 136 and later; other
// browsers read a comment) has it compiled while it downloads, on a background thread.
//
// Run by next.config.ts's `compiler.runAfterProductionCompile`, Next's documented post-compile hook, so every build has
// it: `npm start`, `npm test`'s, and the image's plain `next build`. It changes a file's bytes, not its name: the
// content hash in the name is of the compiled chunk, and the same chunk always gets the same comment. A source map
// beside a chunk gets one empty line in front, so its lines still match. A build whose manifest it cannot read keeps
// its scripts as they are and says so: the pages work the same, they only start slower (e2e/compile-hints.spec.ts
// fails on such a build).
import fs from 'node:fs';
import path from 'node:path';

export const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Adds the hint to each of the build's root scripts that lacks it. Returns the files it marked (relative to `distDir`)
 * and the root scripts it found; `warn` hears why nothing was marked.
 */
export function addCompileHints(distDir, { warn = console.warn } = {}) {
  let roots;
  try {
    roots = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')).rootMainFiles;
  } catch (error) {
    warn(`compile hints: the build manifest could not be read (${error.message}); the start-up scripts are left as they are`);
    return { marked: [], roots: [] };
  }
  if (!Array.isArray(roots) || roots.length === 0) {
    warn('compile hints: the build manifest names no start-up scripts (rootMainFiles); they are left as they are');
    return { marked: [], roots: [] };
  }
  const marked = [];
  for (const file of roots) {
    if (typeof file !== 'string' || !file.endsWith('.js')) continue;
    const full = path.join(distDir, file);
    if (!fs.existsSync(full)) continue;
    const text = fs.readFileSync(full, 'utf8');
    if (text.startsWith(HINT)) continue;
    fs.writeFileSync(full, HINT + text);
    shiftSourceMap(`${full}.map`);
    marked.push(file);
  }
  return { marked, roots };
}

/** One empty line in front of a source map's mappings: the script's first line is now the hint. */
function shiftSourceMap(file) {
  if (!fs.existsSync(file)) return;
  const map = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof map.mappings === 'string') map.mappings = `;${map.mappings}`;
  else if (Array.isArray(map.sections)) for (const s of map.sections) if (s.offset) s.offset.line += 1;
  fs.writeFileSync(file, JSON.stringify(map));
}
