import type { NextConfig } from 'next';
import path from 'node:path';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const localePrefixes = ['', '/th', '/ru'];
const production = process.env.NODE_ENV === 'production';

/**
 * Security headers (docs/product-rules.md#security-headers), set by Next's router on every answer it gives. Pages get
 * their Content-Security-Policy from proxy.ts (rendered per request) or from the page cache (served from cache); the
 * strict one below covers what is not a page: API answers, the build's files and the public folder's. The uploaded
 * files (staff slips, identity documents, condition photos) send their own, and Next drops a route's header when one is
 * already set, so the paths below leave them out.
 */
const EVERY_ANSWER = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: production ? 'DENY' : 'SAMEORIGIN' },
  { key: 'Permissions-Policy', value: 'camera=(self), geolocation=(self), microphone=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // Browsers only honour HSTS over HTTPS; sent in production so a TLS-terminating proxy passes it on.
  ...(production ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }] : []),
];
const NOT_A_PAGE_POLICY = [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" }];
const NOT_A_PAGE = [
  '/api/:path((?!condition-photos/).*)',
  '/_next/:path*',
  // not the uploaded files' routes, whatever their address ends with (/admin/proofs/x.png reached the route too)
  '/:file((?!admin/proofs/|admin/identity/|api/condition-photos/).*\\.(?:ico|png|svg|jpe?g|webp|avif|gif|txt|xml|webmanifest|woff2?|js|css|map|json|pdf))',
  '/:locale(en|th|ru)/opengraph-image:rest(.*)',
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets several local servers (e.g. an e2e build beside a dev server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Off: Next's ETag hashes the whole document (100-150 kB) of every page it sends, 1-3 ms of the 4-7 ms of CPU a
  // cached page cost (bench/2026-11-29-start-cached.md). A cached page carries the ETag its cache entry got once, when
  // it was generated (lib/platform/cache/page-cache-handler.mjs), which the reverse proxy answers If-None-Match from;
  // `npm start` alone answers those with the whole page. Files of the build and the public folder keep Last-Modified.
  generateEtags: false,
  // `npm test` builds while its own typecheck stage has already checked these same sources (scripts/test.mjs sets
  // this only then); every other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // Public pages are served from Next's cache (route `revalidate`, 10 s) and revalidated by tag when public data
  // changes (lib/platform/cache/page-cache-handler.mjs); past `revalidate` a page is served while its successor renders,
  // and one older than `expireTime` is not served. Next sends both as `Cache-Control: s-maxage=10,
  // stale-while-revalidate=30`, which the reverse proxy (deploy/nginx) caches by (docs/product-rules.md#caching).
  cacheHandler: path.resolve('./lib/platform/cache/page-cache-handler.mjs'),
  expireTime: 40,
  // PGlite ships ~15 MB of wasm; keep it out of the bundles and load it from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/adapter-pg', 'pg', 'pino', 'pdfkit', 'pdfjs-dist'],
  compiler: {
    // Marks the scripts every page starts with for compilation while they download (scripts/compile-hints.mjs;
    // docs/performance.md, "Compile hints"). Imported when the build runs it: the production image runs this file
    // without scripts/.
    async runAfterProductionCompile({ distDir }) {
      const { addCompileHints } = await import('./scripts/compile-hints.mjs');
      const { marked, roots } = addCompileHints(distDir);
      console.log(`compile hints: ${marked.length} of ${roots.length} start-up scripts marked`);
    },
  },
  experimental: {
    // Server actions that take files (portal slip, identity document with its selfie, condition photos, unit-type
    // pictures): UPLOAD_REQUEST_MAX_MB of lib/uploads/limits.ts (two files of MAX_UPLOAD_MB and the envelope), written
    // out because the production image runs this file without lib/ (lib/uploads/limits.test.ts keeps them equal, and
    // equal to the proxy's client_max_body_size). A file a little over the limit thus reaches the action and gets the
    // translated message; past this, Next stops counting and the upload forms say the same message
    // (docs/product-rules.md#uploads). Every route reads its body capped as well (lib/http/body.ts).
    serverActions: { bodySizeLimit: '21mb' },
    // Unknown addresses render app/global-not-found.tsx as a real 404 document (see that file).
    globalNotFound: true,
    turbopackChunking: { maxChunkCountPerGroup: 3, minChunkSize: 200_000, requestCost: 2_000_000, maxMergeChunkSize: 2_000_000 },
  },
  async headers() {
    return [{ source: '/:path*', headers: EVERY_ANSWER }, ...NOT_A_PAGE.map((source) => ({ source, headers: NOT_A_PAGE_POLICY }))];
  },
  async redirects() {
    return localePrefixes.flatMap((p) => [
      { source: `${p}/booking`, destination: `${p}/booking-v2`, permanent: true },
      { source: `${p}/greenbox-rental`, destination: `${p}/greenbox`, permanent: true },
      { source: `${p}/box-rental`, destination: `${p}/greenbox`, permanent: true },
    ]);
  },
};

export default withNextIntl(nextConfig);
