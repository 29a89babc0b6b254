// The migrated and seeded embedded database the e2e servers of one Playwright run start from. The servers start side
// by side (scripts/e2e-servers.mjs, one scripts/e2e-server.mjs per worker): the first of the run migrates and seeds this
// folder, every server copies it, so each still has a database of its own while the migrations and the seed (two
// tsx processes, the slowest part of a server's start on a busy machine) run once per run instead of once per
// server. Specs that start a server of their own on the embedded database copy it too (e2e/consent.mobile.spec.ts).
// E2E_RUN_ID (set by playwright.config.ts) names the run: a later run never starts from an older run's data.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const TEMPLATES = path.join(ROOT, '.data', 'e2e-template');
// A run's template outlives its run (nothing tears it down); the next run's first server clears those older than this.
const STALE_MS = 60 * 60 * 1000;

/** This run's template folder, or null outside a Playwright run (the server script run by hand). */
export function templateDir(runId = process.env.E2E_RUN_ID) {
  return runId ? path.join(TEMPLATES, runId, 'pglite') : null;
}

/** `dest` becomes a copy of this run's template, once it is ready. False when there is no template to wait for. */
export async function copyTemplate(dest, runId = process.env.E2E_RUN_ID) {
  const dir = templateDir(runId);
  if (!dir) return false;
  const lock = path.join(path.dirname(dir), 'lock');
  // Only the process that made the lock folder makes the template; one that finds it waits for the folder to appear.
  while (!fs.existsSync(dir)) {
    let owner = 0;
    try {
      owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      return false;
    }
    if (!alive(owner)) throw new Error(`the e2e database template of run ${runId} was never made (its maker, pid ${owner}, is gone)`);
    await new Promise((r) => setTimeout(r, 200));
  }
  fs.cpSync(dir, dest, { recursive: true });
  return true;
}

/**
 * Makes this run's template with `make(folder)` (which migrates and seeds the folder) unless another process of the
 * run already made it or is making it; then copies it to `dest`. Without a run id, `make(dest)` as before.
 */
export async function databaseFromTemplate(dest, make, runId = process.env.E2E_RUN_ID) {
  const dir = templateDir(runId);
  if (!dir) return make(dest);
  const runFolder = path.dirname(dir);
  fs.mkdirSync(TEMPLATES, { recursive: true });
  let mine = false;
  try {
    fs.mkdirSync(runFolder);
    mine = true;
  } catch (e) {
    if (e.code !== 'EEXIST') throw e;
  }
  if (mine) {
    for (const other of fs.readdirSync(TEMPLATES)) {
      const p = path.join(TEMPLATES, other);
      if (p !== runFolder && Date.now() - fs.statSync(p).mtimeMs > STALE_MS) fs.rmSync(p, { recursive: true, force: true });
    }
    const lock = path.join(runFolder, 'lock');
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    const building = path.join(runFolder, 'building');
    make(building);
    // A rename: a waiting process sees either no template or a whole one.
    fs.renameSync(building, dir);
  } else {
    // The maker writes its pid just after making the run folder: give it that moment.
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(path.join(runFolder, 'lock', 'pid')) && !fs.existsSync(dir) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await copyTemplate(dest, runId))) throw new Error(`no e2e database template for run ${runId}`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
