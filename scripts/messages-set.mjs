#!/usr/bin/env node
// Replaces (or adds) top-level namespaces in messages/{en,th,ru}.json from one JSON file shaped
// { "en": { "<namespace>": {...} }, "th": {...}, "ru": {...} }. Read-modify-write per file keeps other namespaces intact,
// so several people can each own their namespaces.
// Usage: node scripts/messages-set.mjs path/to/fragment.json
import fs from 'node:fs';
import path from 'node:path';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/messages-set.mjs fragment.json');
  process.exit(2);
}
const fragment = JSON.parse(fs.readFileSync(file, 'utf8'));
const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'messages');
const keysOf = (o, prefix = '') =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const enKeys = JSON.stringify(keysOf(fragment.en ?? {}).sort());
for (const locale of ['en', 'th', 'ru']) {
  const part = fragment[locale];
  if (!part) throw new Error(`fragment has no "${locale}" section`);
  if (JSON.stringify(keysOf(part).sort()) !== enKeys) throw new Error(`"${locale}" keys differ from "en" keys`);
}
for (const locale of ['en', 'th', 'ru']) {
  const target = path.join(dir, `${locale}.json`);
  const current = JSON.parse(fs.readFileSync(target, 'utf8'));
  Object.assign(current, fragment[locale]);
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
  fs.renameSync(tmp, target);
}
console.log(`Updated namespaces ${Object.keys(fragment.en).join(', ')} in messages/{en,th,ru}.json`);
