// The production layout's reverse proxy (deploy/nginx) runs in the end-to-end tests (e2e/proxy.spec.ts) and the bench:
// Debian's nginx with its two Brotli modules. `npm test` makes sure they are there before running anything, as it does
// for Chromium (scripts/chromium.mjs): installed when it can (root with apt, as on CI), otherwise it stops at once with
// the one command that does.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static'];
export const NGINX_INSTALL_COMMAND = `sudo apt-get install -y ${NGINX_PACKAGES.join(' ')}`;
const NEEDED = ['/usr/sbin/nginx', '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'];

/** Returns null when nginx and its Brotli modules are ready (installing them if it may), else the message to stop with. */
export function ensureNginx(env = process.env) {
  if (env.NGINX_BIN) return fs.existsSync(env.NGINX_BIN) ? null : `nginx was not found at NGINX_BIN=${env.NGINX_BIN}.`;
  if (NEEDED.every((f) => fs.existsSync(f))) return null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return `The end-to-end tests run the reverse proxy of the production layout: install it with: ${NGINX_INSTALL_COMMAND}`;
  console.log(`• Installing nginx (apt-get install ${NGINX_PACKAGES.join(' ')})…`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...NGINX_PACKAGES], { stdio: 'inherit', env: aptEnv });
  // Debian starts the packaged service on port 80; the tests start their own nginx, so it is not needed.
  spawnSync('sh', ['-c', 'command -v systemctl >/dev/null && systemctl disable --now nginx >/dev/null 2>&1; [ -f /run/nginx.pid ] && kill "$(cat /run/nginx.pid)" 2>/dev/null; true'], { stdio: 'ignore' });
  return NEEDED.every((f) => fs.existsSync(f)) ? null : `Installing nginx failed. Install it with: ${NGINX_INSTALL_COMMAND}`;
}
