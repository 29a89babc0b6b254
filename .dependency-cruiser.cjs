/**
 * The layer rules of docs/architecture.md, checked by dependency-cruiser in the lint stage (`npm run lint`,
 * `node scripts/test.mjs lint`): pages and components use lib, lib uses neither; inside lib the platform imports no
 * domain, no file takes part in an import circle and no folders import each other round a circle (two folders both
 * ways is the shortest one). A folder is a unit of the map: lib/payments/stripe-events is a folder of its own.
 */

/** What every domain may use and which knows no domain (docs/architecture.md, "platform"). */
const PLATFORM = ['platform', 'db', 'env', 'log', 'i18n', 'dates', 'http', 'format', 'security', 'rate-limit', 'validation'];
const platform = `^lib/(${PLATFORM.join('|')})/`;
/** A domain file (folder-scope rules take `path` only, so "not the platform" is a lookahead). */
const domain = `^lib/(?!(${PLATFORM.join("|")})(/|$))`;

/**
 * The map of docs/architecture.md, top first: a folder imports folders of its own level (one way: the folder-circle
 * rule) or below, never above. `payments` is the files directly in lib/payments; its subfolders have levels of their own.
 * A new folder gets a level here and in the diagram, or lint names it (lib-folder-placed).
 */
const LEVELS = [
  ['admin', 'chat', 'server-start.ts'],
  ['jobs', 'payments', 'faq', 'rentals'],
  ['payments/stripe-events', 'portal', 'privacy', 'checkout', 'catalog'],
  ['billing', 'identity'],
  ['payments/ledger'],
  ['gate', 'site-data', 'quote-api'],
  ['booking'],
  ['staff-alerts'],
  ['invoices', 'lifecycle', 'condition', 'payments/stripe', 'waiting-list', 'content', 'staff'],
  ['actions', 'audit', 'email', 'legal', 'payments/proofs'],
  ['analytics', 'auth', 'holds', 'line', 'retention', 'reviews', 'seo', 'settings', 'supplies', 'units', 'uploads'],
  ['pricing', 'space-calculator'],
];
const pattern = (folder) =>
  folder.endsWith('.ts') ? `^lib/${folder.replace('.', '\\.')}$` : folder === 'payments' ? '^lib/payments/[^/]+$' : `^lib/${folder}/`;
const upward = LEVELS.slice(1).map((level, i) => ({
  name: 'no-import-up',
  severity: 'error',
  comment: `lib/{${level.join(',')}} sits below lib/{${LEVELS.slice(0, i + 1).flat().join(',')}} in docs/architecture.md: it may not import them.`,
  from: { path: level.map(pattern) },
  to: { path: LEVELS.slice(0, i + 1).flat().map(pattern) },
}));

/**
 * What writes (docs/architecture.md, "lib/admin holds read models only"): the one writer of statuses, the audit log,
 * the task queue, mail, the public-data refresh that follows a change, and the folders of commands. lib/admin may
 * import none of them; ADMIN_MAY_READ names the read-only modules of those folders it reads through.
 */
const ADMIN_MAY_NOT_IMPORT = [
  '^lib/lifecycle/index\\.ts$',
  '^lib/audit/',
  '^lib/platform/tasks/',
  '^lib/platform/mail/',
  '^lib/platform/cache/revalidate\\.ts$',
  '^lib/(catalog|content|staff|billing|payments/ledger)/',
  // A domain's commands beside its reads: lib/admin reads through the read side (lib/rentals/rules.ts, lib/payments/to-check.ts).
  '^lib/[^/]+/commands\\.ts$',
  '^lib/payments/staff-payments\\.ts$',
];
/** The catalogue's demand figures (occupancy, the waiting list) and its pure rate rule: reads the dashboard shares. */
const ADMIN_MAY_READ = ['^lib/catalog/(demand|rate-suggestions)\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    ...upward,
    {
      name: 'admin-reads-only',
      severity: 'error',
      comment:
        "lib/admin holds the staff screens' read models only (docs/architecture.md): a command lives in its domain, and lib/admin imports none of the writers: the status writer (lib/lifecycle/index.ts), the audit log, the task queue, mail, the public-data refresh, or a folder of commands.",
      from: { path: '^lib/admin/' },
      to: { path: ADMIN_MAY_NOT_IMPORT, pathNot: ADMIN_MAY_READ },
    },
    {
      name: 'lib-folder-placed',
      severity: 'error',
      comment: 'Every lib folder has a level in docs/architecture.md and in LEVELS above.',
      from: { path: '^lib/', pathNot: [platform, ...LEVELS.flat().map(pattern)] },
      to: {},
    },
    {
      name: 'no-file-circle',
      severity: 'error',
      comment: 'A file circle has no order to read or test it in; break it by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-circle',
      severity: 'error',
      comment:
        'A domain depends on the domains below it only (docs/architecture.md): folders that import each other, directly or round a circle, have no level.',
      scope: 'folder',
      from: { path: domain },
      to: { path: domain, circular: true },
    },
    {
      name: 'lib-not-up',
      severity: 'error',
      comment: 'lib is used by pages, components and the seed, never the other way.',
      from: { path: '^lib/' },
      to: { path: '^(app|components|prisma)/' },
    },
    {
      name: 'platform-no-domain',
      severity: 'error',
      comment: 'The platform takes what it needs as arguments (a db, composers, a transport), never by importing a domain.',
      from: { path: platform },
      to: { path: '^lib/', pathNot: platform },
    },
    {
      name: 'templates-from-senders',
      severity: 'error',
      comment:
        'Email templates (emails/) are rendered by senders only: lib/email and files named for their emails (*-email.tsx, *-emails.tsx), never the platform.',
      from: { path: '^lib/', pathNot: ['^lib/email/', '-emails?\\.tsx$'] },
      to: { path: '^emails/' },
    },
    {
      name: 'platform-no-templates',
      severity: 'error',
      comment: 'The platform knows no template.',
      from: { path: platform },
      to: { path: '^emails/' },
    },
  ],
  options: {
    // Tests import across layers on purpose (fixtures, fakes); the rules are about the code that ships.
    exclude: { path: ['\\.test\\.tsx?$', '\\.spec\\.ts$', '^generated/', '^node_modules/', '^lib/invoices/etax/schema/'] },
    // A template's own imports of lib are downward (emails/ sits with app/ at the top); only the senders' imports of
    // templates are followed, so the one documented exception (a sender renders a template) is not a folder circle.
    doNotFollow: { path: ['node_modules', '^generated/', '^emails/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

module.exports = config;
