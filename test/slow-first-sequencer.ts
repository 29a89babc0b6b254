import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Integration files that take long for their size. Without timings from an earlier run (a fresh clone, CI) vitest
 * starts the largest files first, so these small files started last and one worker ran on alone while the other sat
 * idle; started first, the two workers end together. Timings from a loaded two-core run of 2026-11-29 (seconds):
 * migrations 32 (a PGlite migrated from nothing), submit-budget 42 (the task worker's whole graph), pdf 43 (fonts and
 * rendering), backup 24 (the backup and restore commands in child processes). A name that is no longer a file is
 * ignored; a file missing here only starts by its size.
 */
export const SLOW_FOR_THEIR_SIZE = [
  'lib/invoices/pdf.integration.test.ts',
  'lib/booking/submit-budget.integration.test.ts',
  'lib/db/migrations.integration.test.ts',
  'scripts/db/backup.integration.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // With every file's time from an earlier run, vitest already starts the longest first.
    if (sorted.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FOR_THEIR_SIZE.findIndex((name) => spec.moduleId.replaceAll('\\', '/').endsWith(`/${name}`));
      return i < 0 ? SLOW_FOR_THEIR_SIZE.length : i;
    };
    // Within each project (vitest keeps a project's files together), listed files first, the rest in vitest's order.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return sorted
      .map((spec, i) => ({ spec, key: [projects.indexOf(spec.project.name), rank(spec), i] }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ spec }) => spec);
  }
}
