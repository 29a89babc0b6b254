// Fills deploy/nginx/nginx.conf's {{…}} names and precompresses the build's static files for it. Used by the
// Dockerfile's proxy stage (the compose layout's values) and by the tests and the bench that run nginx here.
//   node deploy/nginx/render.mjs --out <folder> --upstream <host:port>[,<host:port>…] --listen <port|address:port>
//        [--static <.next/static folder>] [--run <folder>] [--workers auto] [--user www-data]
// Writes <out>/nginx.conf, <out>/www/_next/static/… (with .br and .gz beside each text file), and the folders nginx
// writes to (<out>/run, <out>/logs, <out>/cache unless --run puts them elsewhere).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const COMPRESSIBLE = /\.(?:js|css|json|svg|txt|map|xml|webmanifest)$/;

/** The configuration text for these values. */
export function renderConfig({ upstreams, listen, out, run = out, workers = 'auto', user = os.userInfo().username, modules = '/usr/lib/nginx/modules', mimeTypes = '/etc/nginx/mime.types' }) {
  const values = {
    // The workers' user (ignored, with a notice, when nginx is not started as root).
    USER: user,
    MODULES: modules,
    MIME_TYPES: mimeTypes,
    WORKERS: String(workers),
    RUN: path.join(run, 'run'),
    LOGS: path.join(run, 'logs'),
    CACHE: path.join(run, 'cache'),
    STATIC_ROOT: path.join(out, 'www'),
    LISTEN: String(listen),
    UPSTREAM_SERVERS: upstreams.map((u) => `    server ${u};`).join('\n'),
  };
  const template = fs.readFileSync(path.join(here, 'nginx.conf'), 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`nginx.conf: no value for {{${name}}}`);
    return values[name];
  });
}

/** Copies the build's static files under <out>/www/_next/static, each text file with its Brotli and gzip forms. */
export function precompressStatic(staticDir, out) {
  const target = path.join(out, 'www', '_next', 'static');
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(staticDir, target, { recursive: true });
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name)) {
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    }
  };
  walk(target);
}

/** Writes the configuration and the folders nginx needs; returns the configuration's path. */
export function prepareProxy({ out, run = out, staticDir, ...rest }) {
  for (const d of ['run', 'logs', 'cache']) fs.mkdirSync(path.join(run, d), { recursive: true });
  fs.mkdirSync(out, { recursive: true });
  if (staticDir) precompressStatic(staticDir, out);
  const file = path.join(out, 'nginx.conf');
  fs.writeFileSync(file, renderConfig({ out, run, ...rest }));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
  if (!args.out || !args.upstream || !args.listen) {
    console.error('usage: node deploy/nginx/render.mjs --out <folder> --upstream <host:port>[,…] --listen <port> [--static <folder>] [--run <folder>] [--workers auto]');
    process.exit(2);
  }
  const file = prepareProxy({ out: path.resolve(args.out), run: args.run ? path.resolve(args.run) : undefined, staticDir: args.static, upstreams: args.upstream.split(','), listen: args.listen, workers: args.workers, user: args.user });
  console.log(file);
}
