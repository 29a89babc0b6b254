// The unit pictures (public/units/*.svg) are shown on the Thai and Russian pages as they are, so they carry no words:
// only the size code, the size and icons (issue 37 found CLIMATE-CONTROLLED and DRIVE-UP on them, and the
// Climate-Controlled Drive-Up type without a picture). Every seeded type has a picture of its own that names its own
// code and size.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_TYPES } from '@/prisma/seed-data/unit-types';

const PUBLIC = path.join(import.meta.dirname, '..', 'public');
const DIR = path.join(PUBLIC, 'units');
const pictures = fs.readdirSync(DIR).filter((f) => f.endsWith('.svg'));

/** Every piece of text a reader or a screen reader can meet: text nodes, titles, descriptions and labels. */
function texts(svg: string): string[] {
  const nodes = [...svg.matchAll(/<(text|tspan|title|desc)\b[^>]*>([^<]*)</g)].map((m) => m[2]);
  const labels = [...svg.matchAll(/\b(?:aria-label|alt)="([^"]*)"/g)].map((m) => m[1]);
  return [...nodes, ...labels].map((s) => s.trim()).filter(Boolean);
}

const size = (n: number, unit: 'm²' | 'm³') => `${n} ${unit}`;

describe('unit pictures', () => {
  it('every seeded type has a picture file of its own', () => {
    const urls = UNIT_TYPES.map((u) => u.imageUrl);
    for (const u of UNIT_TYPES) {
      expect(u.imageUrl, u.code).toMatch(/^\/units\/[a-z0-9-]+\.svg$/);
      expect(fs.existsSync(path.join(PUBLIC, u.imageUrl!)), `${u.code}: ${u.imageUrl}`).toBe(true);
    }
    expect(new Set(urls).size, 'two types share a picture').toBe(urls.length);
    // The type the issue named: climate-controlled and drive-up, with its own picture.
    expect(UNIT_TYPES.find((u) => u.code === 'm1cc')?.imageUrl).toBe('/units/m1cc.svg');
  });

  it.each(pictures)('%s carries only its size code and its size, no words', (file) => {
    const svg = fs.readFileSync(path.join(DIR, file), 'utf8');
    const type = UNIT_TYPES.find((u) => u.imageUrl === `/units/${file}`);
    expect(type, `${file} is no seeded type's picture`).toBeDefined();
    const allowed = new Set([type!.code.toUpperCase(), size(type!.areaSqm!, 'm²'), size(type!.volumeCbm!, 'm³')]);
    const tokens = texts(svg).flatMap((t) => t.split(/\s*·\s*/));
    expect(tokens.length, `${file} names nothing`).toBeGreaterThan(0);
    expect(tokens.filter((t) => !allowed.has(t)), file).toEqual([]);
    // and no text outside those elements (a stray word in a <g> or a comment)
    const loose = svg.replace(/<(text|tspan|title|desc)\b[^>]*>[^<]*<\/\1>/g, '').replace(/<[^>]*>/g, '').trim();
    expect(loose, file).toBe('');
  });

  it('a picture with words is caught', () => {
    const bad = '<svg><title>M1CC · 20 m²</title><text>CLIMATE-CONTROLLED</text></svg>';
    const allowed = new Set(['M1CC', '20 m²']);
    expect(texts(bad).flatMap((t) => t.split(/\s*·\s*/)).filter((t) => !allowed.has(t))).toEqual(['CLIMATE-CONTROLLED']);
  });
});
