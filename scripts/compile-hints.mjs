// Marks the scripts every page starts with (the build manifest's `rootMainFiles`: React, React DOM, Next's client,
// Turbopack's runtime) with V8's compile hint `//# allFunctionsCalledOnLoad`, so a phone compiles them while they
// download instead of on the main thread: docs/performance.md, "Compile hints".
//
// Run by next.config.ts's `compiler.runAfterProductionCompile`, so every build has it, the image's plain `next build`
// too. A file's bytes change, not its name: the same chunk always gets the same line. A source map beside a chunk gets
// one empty line in front, so its lines still match. A build whose manifest it cannot read keeps its scripts as they
// are and says so; e2e/proxy.spec.ts fails on such a build.
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
