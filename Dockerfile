# syntax=docker/dockerfile:1
# CI has no Docker: scripts/ci-image-recipe.mjs replays this file (the build stage's COPY/RUN lines, the runtime
# stage's ENV, COPY --from=build, HEALTHCHECK and CMD) on the committed tree. Keep to those instructions, one path
# per COPY --from=build line, or teach the recipe the new one.

# Build stage: the locked dependencies, the compiled server and the bundled client, then dev dependencies dropped.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# npm's postinstall runs scripts/ensure-node.mjs, which does nothing on this image's Node 24 (it fetches Node 24 on a
# machine with another major).
COPY package.json package-lock.json ./
COPY scripts/ensure-node.mjs ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

# Runtime stage: only what serving needs. The files stay root's; the app runs as the unprivileged node user and
# writes only to DATA_DIR (embedded database, mail outbox).
FROM node:24-bookworm-slim AS runtime
# No MEMORY_BUDGET_MB here: the app takes 80 % of the container's memory limit as its budget and sizes its caches from
# it (`docker run --memory 400m`: 320 MB; without a limit, 400 MB). Set it only beside a limit of at least
# MEMORY_BUDGET_MB / 0.8 (docker-compose.yml and deploy/k8s state theirs; README "Configuration").
# MALLOC_ARENA_MAX as in npm start: glibc's default of 8 arenas a core keeps each thread's freed memory apart
# (libuv's pool, V8's compiler and GC threads); two keep ~30 MB less resident after load, at no measurable CPU.
# MALLOC_MMAP_THRESHOLD_ as in npm start: a block over 128 KB (a compressor's tables) is mapped and given back when
# freed, instead of glibc raising the threshold and keeping such blocks in its arena: ~20 MB less after load.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
COPY --from=build /app/i18n ./i18n
COPY --from=build /app/fixtures ./fixtures
# The feed schema source B validates records against (docs/feed is its published contract).
COPY --from=build /app/docs/feed/feed.schema.json ./docs/feed/feed.schema.json
# The operator commands run the built code: `node dist/src/sync.js`, `node dist/src/mail/mail-retry.cli.js …` (or
# `npm run <command>`, which checks the Node and finds no sources to rebuild); docs/OPERATIONS.md "Operator commands
# in a container". Migrations against DATABASE_URL: docker run … node scripts/typeorm-cli.mjs migration:run
COPY --from=build /app/scripts/typeorm-cli.mjs ./scripts/typeorm-cli.mjs
COPY --from=build /app/scripts/ensure-built.mjs ./scripts/ensure-built.mjs
COPY --from=build /app/scripts/ensure-node.mjs ./scripts/ensure-node.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm) so SIGTERM reaches the app and it shuts down gracefully. As in npm start: a young
# generation sized for the base's 320 MB budget (8 MB semi-spaces: 16 MB less than V8's default and 48 MB less than
# the 32 MB taken before, for GC ~3 % more of the CPU and no miss cost bench/run.mjs can tell from noise) and an old
# generation allowed to grow 25 % past what the last full collection kept (V8's default lets it grow 2-4x with
# garbage: ~100-175 MB more RSS under load, and no less CPU; docs/PERFORMANCE.md, bench/memory.mjs).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=25", "dist/src/main.js"]
