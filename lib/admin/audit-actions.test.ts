import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import th from '@/messages/th.json';
import ru from '@/messages/ru.json';
import { MACHINES, actionsOf, type Machine } from '@/lib/lifecycle/table';
import { BREACH_MARKS } from '@/lib/privacy/breaches';
import { auditActionKey, auditActionLabel } from './audit-actions';

// Every audit action the code writes must read as a word in the English and Thai admin (issue 37 item 9). The actions
// are read from the source itself: each `recordAudit(` / `recordAudits(` call under lib/, the `action:` of its entry.

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** The text of each `recordAudit(…)` / `recordAudits(…)` call, up to its closing parenthesis (strings skipped). */
function calls(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\brecordAudits?\(/g)) {
    if (/function\s+$/.test(text.slice(Math.max(0, m.index - 20), m.index))) continue; // the definition
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === "'" || c === '"') i = text.indexOf(c, i + 1);
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    out.push(text.slice(m.index, i + 1));
  }
  return out;
}

/** The expression after each `name:` that belongs to the entry itself (brace depth 1), not to its before/after. */
function propertyExpressions(call: string, name: 'action' | 'entity'): string[] {
  const key = `${name}:`;
  const out: string[] = [];
  let depth = 0;
  for (let i = 0; i < call.length; i++) {
    const c = call[i];
    if (c === "'" || c === '"') i = call.indexOf(c, i + 1);
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 1 && call.startsWith(key, i) && !/\w/.test(call[i - 1])) {
      const rest = call.slice(i + key.length);
      const start = rest.search(/\S/);
      const end = rest[start] === '`' ? rest.indexOf('`', start + 1) + 1 : rest.search(/,\s*\w+:|\s*}/);
      out.push(rest.slice(0, end).trim());
    }
  }
  return out;
}

// Actions built from a value: each template the code uses, and the values it can take (kept beside the types that
// decide them; a new template fails the test below until it is listed here).
const TEMPLATES: Record<string, () => string[]> = {
  '`${machine}.${action}`': () => (Object.keys(MACHINES) as Machine[]).flatMap((m) => actionsOf(m).map((a) => `${m}.${a}`)),
  '`unit.${input.state}`': () => ['available', 'maintenance', 'retired'].map((s) => `unit.${s}`), // lib/catalog/commands.ts setUnitState
  '`translation.${input.op}`': () => ['approve', 'withdraw', 'delete'].map((o) => `translation.${o}`), // lib/content/content.ts reviewOverride
  '`unitType.image.${op}`': () => ['main', 'remove'].map((o) => `unitType.image.${o}`), // lib/catalog/unit-types.ts updateUnitTypeImage
  '`privacy.breach_${mark}`': () => BREACH_MARKS.map((m) => `privacy.breach_${m}`),
};

// The lifecycle's rows name their record through its table of machines (lib/lifecycle/index.ts WHERE).
const ENTITY_EXPRESSIONS: Record<string, () => string[]> = { 'w.entity': () => ['booking', 'payment', 'invoice', 'unit'] };

function written(name: 'action' | 'entity', templates: Record<string, () => string[]>): { values: Set<string>; unknown: string[] } {
  const values = new Set<string>();
  const unknown: string[] = [];
  for (const file of sources(path.join(ROOT, 'lib'))) {
    for (const call of calls(readFileSync(file, 'utf8'))) {
      for (const expr of propertyExpressions(call, name)) {
        const expand = templates[expr];
        if (expand) {
          expand().forEach((a) => values.add(a));
          continue;
        }
        const literals = expr.startsWith('`') ? [] : [...expr.matchAll(/'([^']+)'/g)].map((m) => m[1]);
        if (literals.length) literals.forEach((a) => values.add(a));
        else unknown.push(`${path.relative(ROOT, file)}: ${expr}`);
      }
    }
  }
  return { values, unknown };
}

type Messages = { admin: { auditActions?: Record<string, string>; auditEntities?: Record<string, string> } };

function translator(messages: Messages) {
  const labels = messages.admin.auditActions ?? {};
  const t = ((key: string) => labels[key]) as unknown as Parameters<typeof auditActionLabel>[0];
  (t as unknown as { has: (k: string) => boolean }).has = (key: string) => typeof labels[key] === 'string' && labels[key] !== '';
  return t;
}

describe('audit action labels', () => {
  const { values: actions, unknown } = written('action', TEMPLATES);

  it('finds the actions the code writes (the reader of the source still works)', () => {
    expect(unknown, 'actions built in a way this test cannot read: list the template in TEMPLATES').toEqual([]);
    for (const a of ['booking.verifyPayment', 'booking.moveIn', 'payment.verify', 'gate_pin.view', 'invoice.issue_renewal', 'job.catch_up', 'unitType.image.main', 'privacy.breach_closed']) {
      expect(actions, a).toContain(a);
    }
  });

  it.each([
    ['en', en],
    ['th', th],
  ])('has a %s label for every action written', (_locale, messages) => {
    const labels = (messages as Messages).admin.auditActions ?? {};
    const missing = [...actions].filter((a) => !labels[auditActionKey(a)]).sort();
    expect(missing).toEqual([]);
  });

  it('keeps no label for an action nobody writes', () => {
    const keys = new Set([...actions].map(auditActionKey));
    expect(Object.keys((en as Messages).admin.auditActions ?? {}).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('shows the label, in Thai on the Thai admin, and the code made readable only for an unknown action', () => {
    expect(auditActionLabel(translator(en as Messages), 'booking.moveIn')).toBe('Moved in');
    expect(auditActionLabel(translator(th as Messages), 'booking.moveIn')).toMatch(/[\u0E00-\u0E7F]/);
    expect(auditActionLabel(translator(ru as Messages), 'booking.moveIn')).toMatch(/[\u0400-\u04FF]/);
    expect(auditActionLabel(translator(en as Messages), 'booking.somethingNew')).toBe('Booking something new');
  });
});

describe('audit record type labels', () => {
  const { values: entities, unknown } = written('entity', ENTITY_EXPRESSIONS);

  it('finds the record types the code writes', () => {
    expect(unknown, 'record types built in a way this test cannot read: list the expression in ENTITY_EXPRESSIONS').toEqual([]);
    for (const e of ['booking', 'invoice', 'ChatConversation', 'privacy_breach']) expect(entities, e).toContain(e);
  });

  it.each([
    ['en', en],
    ['th', th],
  ])('has a %s label for every record type written', (_locale, messages) => {
    const labels = (messages as Messages).admin.auditEntities ?? {};
    expect([...entities].filter((e) => !labels[e]).sort()).toEqual([]);
  });
});
