import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const localePrefixes = ['', '/th', '/ru'];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets several local servers (e.g. an e2e build beside a dev server) use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // PGlite ships ~15 MB of wasm; keep it out of the bundles and load it from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/adapter-pg', 'pg', 'pino', 'pdfkit'],
  experimental: {
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
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Permissions-Policy', value: 'camera=(self), geolocation=(self), microphone=()' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
