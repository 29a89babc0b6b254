// Counts of a vitest JSON report for `npm test`'s summary. Unit tests run in UTC, and the date tests (`*.tz.test.ts`)
// run again under Asia/Bangkok (vitest.config.ts): the summary says how many of the passed tests are that second run,
// so the total is not read as that many different tests.

/** @param {{ numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; testResults?: { name: string; assertionResults: { status: string }[] }[] } | null} report */
export function vitestCounts(report) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, secondZone: 0 };
  const zonePassed = (report.testResults ?? [])
    .filter((f) => /\.tz\.test\.tsx?$/.test(f.name))
    .reduce((n, f) => n + f.assertionResults.filter((a) => a.status === 'passed').length, 0);
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: report.numPendingTests ?? 0, secondZone: Math.floor(zonePassed / 2) };
}
