// End-to-end tests drive Debian's Chromium headless shell (package chromium-headless-shell: the same Blink engine
// without the desktop browser around it, the build Playwright itself runs headless tests in; it costs about a third
// less CPU per test than `chromium --headless`, on a suite bound by its two cores). `npm test` makes sure it is there
// before running anything: it installs it when it can (root with apt, as on CI), otherwise it stops at once with the
// one command that does.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium-headless-shell';
const PACKAGE = 'chromium-headless-shell';
export const INSTALL_COMMAND = `sudo apt-get install -y ${PACKAGE}`;

/**
 * What to do about Chromium. `custom`: CHROMIUM_PATH was given (then nothing is installed: the path is the
 * developer's choice). Pure, so every branch is tested.
 */
export function chromiumPlan({ path, exists, custom, isRoot, hasApt }) {
  if (exists) return { action: 'ready' };
  if (custom) {
    return { action: 'stop', message: `Chromium was not found at CHROMIUM_PATH=${path}. Point CHROMIUM_PATH at a Chromium binary, or unset it and run: ${INSTALL_COMMAND}` };
  }
  if (isRoot && hasApt) return { action: 'install' };
  return { action: 'stop', message: `The end-to-end tests need Chromium at ${DEFAULT_CHROMIUM}. Install it with: ${INSTALL_COMMAND}` };
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Returns null when Chromium is ready (installing it if it may), else the message to stop with. */
export function ensureChromium(env = process.env) {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const plan = chromiumPlan({
    path,
    exists: fs.existsSync(path),
    custom: Boolean(env.CHROMIUM_PATH),
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasApt: commandExists('apt-get'),
  });
  if (plan.action === 'ready') return null;
  if (plan.action === 'stop') return plan.message;
  console.log(`• Installing Chromium (apt-get install ${PACKAGE})…`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  spawnSync('apt-get', ['install', '-y', '-qq', PACKAGE], { stdio: 'inherit', env: aptEnv });
  return fs.existsSync(path) ? null : `Installing Chromium failed. Install it with: ${INSTALL_COMMAND}`;
}
