import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type IConfiguration, type IViolation } from 'dependency-cruiser';

/**
 * The layer rules live in .dependency-cruiser.cjs and run in the lint stage over the real code. Here they run over a
 * planted tree, so a rule whose pattern matches nothing (a typo in a folder name, a lookahead the tool ignores) fails
 * a test instead of passing everything quietly.
 */
const config: IConfiguration = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

async function violations(files: Record<string, string>): Promise<string[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'depcruise-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const { tsConfig: _ts, ...options } = config.options ?? {};
  const result = await cruise(['lib'], { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } });
  const output = result.output as { summary: { violations: IViolation[] } };
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the layer rules (dependency-cruiser)', () => {
  it('pass a tree that depends downwards only', async () => {
    expect(
      await violations({
        'lib/booking/reserve.ts': "import { price } from '../pricing/index';\nimport { log } from '../log/index';\nexport const r = price + log;\n",
        'lib/pricing/index.ts': 'export const price = 1;\n',
        'lib/log/index.ts': 'export const log = 2;\n',
      }),
    ).toEqual([]);
  }, 60_000);

  it('name a file circle, a domain importing a level above, a platform file importing a domain and lib importing a page', async () => {
    expect(
      await violations({
        'lib/units/a.ts': "import { b } from './b';\nexport const a = b;\n",
        'lib/units/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
        'lib/pricing/up.ts': "import { a } from '../units/a';\nexport const up = a;\n",
        'lib/platform/reach.ts': "import { up } from '../pricing/up';\nexport const reach = up;\n",
        'lib/settings/page.ts': "import x from '../../app/page';\nexport const p = x;\n",
        'app/page.tsx': 'export default 1;\n',
      }),
    ).toEqual([
      'lib-not-up: lib/settings/page.ts → app/page.tsx',
      'no-file-circle: lib/units/a.ts → lib/units/b.ts',
      'no-import-up: lib/pricing/up.ts → lib/units/a.ts',
      'platform-no-domain: lib/platform/reach.ts → lib/pricing/up.ts',
    ]);
  }, 60_000);

  it('name two folders of one level importing each other, a folder with no level, and a template outside a sender', async () => {
    expect(
      await violations({
        'lib/units/one.ts': "import { two } from '../supplies/two';\nexport const one = two;\n",
        'lib/supplies/two.ts': "import { three } from '../units/three';\nexport const two = three;\n",
        'lib/units/three.ts': 'export const three = 3;\n',
        'lib/newthing/x.ts': "import { three } from '../units/three';\nexport const x = three;\n",
        'lib/units/notice.ts': "import T from '../../emails/t';\nexport const n = T;\n",
        'emails/t.tsx': 'export default 1;\n',
      }),
    ).toEqual([
      'lib-folder-placed: lib/newthing/x.ts → lib/units/three.ts',
      'no-folder-circle: lib/supplies → lib/units',
      'no-folder-circle: lib/units → lib/supplies',
      'templates-from-senders: lib/units/notice.ts → emails/t.tsx',
    ]);
  }, 60_000);

  it('name a write in lib/admin: the status writer, the audit log, commands; not the rules and demand figures it reads', async () => {
    expect(
      await violations({
        'lib/admin/screen.ts':
          "import { transition } from '../lifecycle/index';\nimport { recordAudit } from '../audit/index';\nimport { addUnit } from '../catalog/commands';\nimport { occupancy } from '../catalog/demand';\nexport const s = [transition, recordAudit, addUnit, occupancy];\n",
        'lib/admin/list.ts': "import { table } from '../lifecycle/table';\nimport { rules } from '../rentals/rules';\nexport const l = [table, rules];\n",
        'lib/admin/review.ts': "import { cancel } from '../rentals/commands';\nexport const r = cancel;\n",
        'lib/rentals/commands.ts': 'export const cancel = 1;\n',
        'lib/rentals/rules.ts': 'export const rules = 1;\n',
        'lib/lifecycle/index.ts': 'export const transition = 1;\n',
        'lib/lifecycle/table.ts': 'export const table = 1;\n',
        'lib/audit/index.ts': 'export const recordAudit = 1;\n',
        'lib/catalog/commands.ts': 'export const addUnit = 1;\n',
        'lib/catalog/demand.ts': 'export const occupancy = 1;\n',
      }),
    ).toEqual([
      'admin-reads-only: lib/admin/review.ts → lib/rentals/commands.ts',
      'admin-reads-only: lib/admin/screen.ts → lib/audit/index.ts',
      'admin-reads-only: lib/admin/screen.ts → lib/catalog/commands.ts',
      'admin-reads-only: lib/admin/screen.ts → lib/lifecycle/index.ts',
    ]);
  }, 60_000);
});
