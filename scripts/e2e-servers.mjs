// Starts every Playwright worker's e2e server side by side (scripts/e2e-server.mjs, one per worker) and says
// "e2e servers ready" once all of them answer their health check: Playwright starts the entries of a webServer list
// one after another, so one server per entry made the run wait for each server's start in turn. E2E_SERVERS (set by
// playwright.config.ts) is the list of each server's environment: its port and its fakes' ports. When one server
// stops, the others are stopped too and this exits with its code, so Playwright reports the start as failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const slots = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (!slots.length) throw new Error('E2E_SERVERS lists no server to start');

const children = slots.map((slotEnv) =>
  spawn(process.execPath, [path.join(ROOT, 'scripts/e2e-server.mjs')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...slotEnv } }),
);
let stopping = false;
const stopAll = (signal = 'SIGTERM') => {
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
};
for (const c of children)
  c.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`an e2e server stopped (${signal ?? `exit code ${code}`}): stopping the others`);
    stopAll();
    process.exitCode = code || 1;
  });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

async function healthy(port) {
  try {
    return (await fetch(`http://localhost:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}
await Promise.all(
  slots.map(async ({ E2E_PORT }) => {
    // Playwright's webServer timeout bounds the wait; a server that stops ends this process instead.
    while (!stopping && !(await healthy(E2E_PORT))) await new Promise((r) => setTimeout(r, 250));
  }),
);
if (!stopping) console.log('e2e servers ready');
