import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Commit subjects are at most 72 characters, the why in the body (README "Contributing"; issue 39). Commits before
 * LAST_LONG_SUBJECT are history and stay as they are; every commit after it is held to the rule. In a shallow clone
 * that lacks the base, the commits the clone has are checked.
 */
const LAST_LONG_SUBJECT = 'f9a4a0f';
const MAX = 72;
const ROOT = path.resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

function hasCommit(ref: string): boolean {
  try {
    git('cat-file', '-e', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

describe('commit subjects', () => {
  it(`are at most ${MAX} characters since the rule was kept`, () => {
    const range = hasCommit(LAST_LONG_SUBJECT) ? [`${LAST_LONG_SUBJECT}..HEAD`] : ['HEAD'];
    const subjects = git('log', '--no-merges', '--format=%h %s', ...range).split('\n').filter(Boolean);
    expect(subjects.length).toBeGreaterThan(0);
    const long = subjects.filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX);
    expect(long).toEqual([]);
  });
});
