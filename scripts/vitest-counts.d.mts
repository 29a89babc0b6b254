export function vitestCounts(
  report: { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; testResults?: { name: string; assertionResults: { status: string }[] }[] } | null,
): { passed: number; failed: number; skipped: number; secondZone: number };
