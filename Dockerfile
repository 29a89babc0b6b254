# Phuket Self Storage, for a Node host or a container platform. Several instances can share one PostgreSQL: see the
# README's "Deploying" section (what must be shared, migrations, jobs).
#   docker build -t pss .                                  # the server image (the last stage)
#   docker build --target build -t pss-tools .             # migrations and seed (they need the dev tools)
#   docker run --rm -e DATABASE_URL=postgres://… pss-tools npm run db:migrate   # once per release, before rolling out
#   docker run -p 3000:3000 -e DATABASE_URL=… -e AUTH_SECRET=… -e GATE_PIN_KEY=… -e SITE_URL=https://… -e REDIS_URL=… pss
# Those are all it needs: staff sign-in trusts the host SITE_URL names (behind a proxy also set TRUSTED_PROXY_HOPS),
# and the start stops, naming the variable, when AUTH_SECRET is missing or shorter than 32 characters, or GATE_PIN_KEY
# (32 bytes, `openssl rand -base64 32`, encrypts gate PINs) is missing or malformed.
# e2e/image-layout.spec.ts replays the run stage below without Docker (its COPY lines, ENV and CMD) on every `npm test`.

# ---- build: every dependency, the Prisma client, the production build (.next/standalone) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
# pg_dump and pg_restore for `npm run db:backup` / `db:restore` run from this stage (README "Backups and restore").
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# Exactly the lockfile's versions (npm ci installs the committed lockfile for linux-x64 as it stands).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx prisma generate && npx next build
# The migrations and the seed run from this stage: `docker run … pss-tools npm run db:migrate` (then db:seed).
CMD ["npm", "run", "db:migrate"]

# ---- run: the standalone server, our production server around it, static files ----
FROM node:24-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
RUN useradd --system --uid 1001 app
COPY --from=build --chown=app /app/.next/standalone ./
COPY --from=build --chown=app /app/.next/static ./.next/static
COPY --from=build --chown=app /app/public ./public
COPY --from=build --chown=app /app/scripts/server.mjs ./scripts/server.mjs
COPY --from=build --chown=app /app/scripts/server ./scripts/server
COPY --from=build --chown=app /app/lib/platform/cache/isr-cache-handler.mjs ./lib/platform/cache/isr-cache-handler.mjs
# Payment proofs and unit pictures: mount shared storage here when several instances run (README, "Deploying").
RUN mkdir -p /app/.data/uploads && chown app /app/.data /app/.data/uploads
ENV UPLOAD_DIR=/app/.data/uploads
USER app
EXPOSE 3000
# /api/health answers 200 once the server is up and its database answers (no curl in the slim image: Node's fetch).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://localhost:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM from the platform lets requests in flight finish (scripts/server.mjs).
CMD ["node", "scripts/server.mjs"]
