# Phuket Self Storage: the app's image and its reverse proxy's. compose.yaml runs the whole layout (proxy, app,
# PostgreSQL, Redis); README "Deploying" starts from it.
#   docker build -t pss .                                  # the app (the last stage)
#   docker build --target proxy -t pss-proxy .             # nginx with this build's static files (deploy/nginx)
#   docker build --target build -t pss-tools .             # migrations and seed (they need the dev tools)
#   docker run --rm -e DATABASE_URL=postgres://… pss-tools npm run db:migrate   # once per release, before rolling out
#   docker run -p 3000:3000 -e DATABASE_URL=… -e AUTH_SECRET=… -e GATE_PIN_KEY=… -e SITE_URL=https://… -e REDIS_URL=… pss
# Those are all it needs: staff sign-in trusts the host SITE_URL names (behind the proxy also set TRUSTED_PROXY_HOPS),
# and the start stops, naming the variable, when AUTH_SECRET is missing or shorter than 32 characters, or GATE_PIN_KEY
# (32 bytes, `openssl rand -base64 32`, encrypts gate PINs) is missing or malformed.
# e2e/image-layout.spec.ts replays the run stage below without Docker (its COPY lines, ENV and CMD) on every `npm test`.

# ---- build: every dependency, the Prisma client, the production build ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
# pg_dump and pg_restore for `npm run db:backup` / `db:restore` run from this stage (README "Backups and restore").
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# Exactly the lockfile's versions (npm ci installs the committed lockfile for linux-x64 as it stands).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx prisma generate && npx next build && rm -rf .next/cache
# The proxy's files: its configuration for this layout (upstream `app`, every replica of it) and the static files,
# precompressed once.
RUN node deploy/nginx/render.mjs --out /proxy --run /var/lib/nginx/pss --upstream app:3000 --listen 80 --static .next/static --user www-data
# The migrations and the seed run from this stage: `docker run … pss-tools npm run db:migrate` (then db:seed).
CMD ["npm", "run", "db:migrate"]

# ---- runtime dependencies only ----
FROM build AS runtime-deps
RUN npm prune --omit=dev --no-audit --no-fund

# ---- proxy: nginx from Debian with its Brotli modules, deploy/nginx/nginx.conf ----
FROM debian:bookworm-slim AS proxy
RUN apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static \
  && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/nginx/pss/run /var/lib/nginx/pss/logs /var/lib/nginx/pss/cache \
  && chown -R www-data /var/lib/nginx/pss && ln -sf /dev/stdout /var/lib/nginx/pss/logs/access.log && ln -sf /dev/stderr /var/lib/nginx/pss/logs/error.log
COPY --from=build /proxy /proxy
EXPOSE 80
CMD ["nginx", "-c", "/proxy/nginx.conf", "-g", "daemon off;"]

# ---- run: the app's server (scripts/server.mjs: Next's custom-server API) on the build ----
FROM node:24-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
RUN useradd --system --uid 1001 app
COPY --from=runtime-deps --chown=app /app/node_modules ./node_modules
COPY --from=build --chown=app /app/package.json ./package.json
COPY --from=build --chown=app /app/next.config.ts ./next.config.ts
COPY --from=build --chown=app /app/.next ./.next
COPY --from=build --chown=app /app/public ./public
COPY --from=build --chown=app /app/scripts/server.mjs ./scripts/server.mjs
COPY --from=build --chown=app /app/scripts/server ./scripts/server
COPY --from=build --chown=app /app/lib/platform/cache/page-cache-handler.mjs ./lib/platform/cache/page-cache-handler.mjs
COPY --from=build --chown=app /app/lib/security/csp-policy.mjs ./lib/security/csp-policy.mjs
COPY --from=build --chown=app /app/lib/log/options.mjs ./lib/log/options.mjs
# PDF uploads are parsed in a worker thread from this file (lib/payments/proofs/pdf-check.ts).
COPY --from=build --chown=app /app/lib/payments/proofs/pdf-check-worker.mjs ./lib/payments/proofs/pdf-check-worker.mjs
# Payment proofs and unit pictures live in the database: nothing to share between instances. UPLOAD_DIR only holds
# files an older release left, which the nightly purge-uploads job copies in (docs/deploying.md, "What several
# instances must share").
RUN mkdir -p /app/.data/uploads && chown app /app/.data /app/.data/uploads
ENV UPLOAD_DIR=/app/.data/uploads
USER app
EXPOSE 3000
# /api/health answers 200 once the server is up and its database answers (no curl in the slim image: Node's fetch).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://localhost:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM from the platform lets requests in flight finish (scripts/server.mjs).
CMD ["node", "scripts/server.mjs"]
