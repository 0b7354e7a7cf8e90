# syntax=docker/dockerfile:1
# The research panel as a container: a standalone Next.js server with nothing of the build
# tooling. Build and run it with compose.yaml (Postgres 17, migrations before start), or alone:
#   docker build --build-arg APP_URL=https://panel.example.org --build-arg HELP_PHONE=... -t research-panel .
#   docker run --env-file .env -p 127.0.0.1:3000:3000 research-panel
# See README "Deployment".

ARG NODE_VERSION=24

# --- Dependencies: every package, development tools included, for the build only ---------------
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies them afterwards (postinstall: patch-package): fixes to the Postgres driver and
# Drizzle, see docs/database.md, and to Next.js's page ETags and Vary header, see
# docs/pages-and-texts.md.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# --- Build: the standalone server, completed with public/, static files and the migrate script ---
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# Public pages are rendered at build time and keep these values: pass the production ones here.
# A build without any HELP_* value prints a warning and ships without the help widget.
ARG APP_URL
ARG HELP_PHONE
ARG HELP_CHAT_URL
ARG HELP_WEBSITE_URL
ARG QUICK_EXIT_URL
RUN npm run build:standalone

# --- Runner: only .next/standalone (server, traced node_modules, public, static, migrations) -----
FROM node:${NODE_VERSION}-bookworm-slim AS runner
WORKDIR /app
# HOSTNAME: listen on every interface of the container (the standalone server binds to
# $HOSTNAME, which Docker would otherwise set to the container's id). The /data folders are used
# only without DATABASE_URL (embedded database) or with MAIL_TRANSPORT=log: mount a volume there
# to keep them. KEEP_ALIVE_TIMEOUT: idle connections stay open 65 s, longer than a load balancer's
# usual 60 s (docs/deployment.md).
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    KEEP_ALIVE_TIMEOUT=65000 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PGLITE_DIR=/data/pglite \
    MAIL_OUTBOX_DIR=/data/outbox
# The application's files stay owned by root, so the server cannot change its own code; it may
# write only to its cache and to /data.
COPY --from=build /app/.next/standalone ./
RUN mkdir -p /data .next/cache && chown node:node /data .next/cache
USER node
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks the health endpoint (a database round trip).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations: `docker run ... research-panel node scripts/migrate.mjs` (compose runs it first).
# The heap cap: with Node's default limit (derived from the host's memory) V8 collects garbage
# so rarely that a long export of responses leaves the process tens of MB larger; capped, the
# server peaked at 218 MB exporting 100,000 responses on Postgres (BENCHMARKS.md, "Responses
# export"). About 90 MB of heap are live once every page has been served.
CMD ["node", "--max-old-space-size=192", "server.js"]
