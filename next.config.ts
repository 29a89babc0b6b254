import type { NextConfig } from 'next';
import path from 'node:path';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const localePrefixes = ['', '/th', '/ru'];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets several local servers (e.g. an e2e build beside a dev server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // A self-contained folder for servers and containers (.next/standalone): the Dockerfile runs scripts/server.mjs there.
  output: 'standalone',
  // Read by path at run time (invoice PDFs, the Thai link-preview image), so the build's tracing cannot see them:
  // without this, .next/standalone (the image) has no fonts and those answer 500.
  outputFileTracingIncludes: {
    '/**': [
      './node_modules/@fontsource/noto-sans-thai/files/noto-sans-thai-{thai,latin}-{400,700}-normal.woff',
      './node_modules/@fontsource/noto-sans/files/noto-sans-{latin,latin-ext,cyrillic}-{400,700}-normal.woff',
      // PGlite's pg_trgm, loaded by path when lib/db/pglite.ts opens the database (the trigram indexes' migration).
      './node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz',
    ],
  },
  // Public pages are cached (route `revalidate`) and refreshed when public data changes: the handler drops entries
  // older than the last change or than 40 s; `expireTime` matches it for downstream caches (docs/product-rules.md#caching).
  cacheHandler: path.resolve('./lib/platform/cache/isr-cache-handler.mjs'),
  expireTime: 40,
  // Security headers: scripts/server.mjs sets them on every response, proxy.ts the pages' Content-Security-Policy.
  // PGlite ships ~15 MB of wasm; keep it out of the bundles and load it from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/adapter-pg', 'pg', 'pino', 'pdfkit', 'pdfjs-dist'],
  experimental: {
    // Two server actions take a file (a payment proof from the portal, a unit-type picture): 10 MB plus the envelope.
    // Next counts the bytes as they stream and stops at the limit; the production server refuses larger declared
    // bodies before Next reads them (scripts/server/edge.mjs).
    serverActions: { bodySizeLimit: '11mb' },
    // Unknown addresses render app/global-not-found.tsx as a real 404 document (see that file).
    globalNotFound: true,
    turbopackChunking: { maxChunkCountPerGroup: 3, minChunkSize: 200_000, requestCost: 2_000_000, maxMergeChunkSize: 2_000_000 },
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
