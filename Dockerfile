# syntax=docker/dockerfile:1
# Switchboard: one image for every instance. `docker build -t switchboard .`, then see
# deploy/compose.yaml and README "Running in production".

# --- build: every dependency, then the contract, the server and the web app -------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change. Install scripts
# are skipped here because the root postinstall builds the contract, whose sources come below
# (`npm run build` builds it first).
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --ignore-scripts
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# --- production dependencies only ---------------------------------------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# No install script is needed at run time (argon2's binary is an optional dependency, PGlite is
# WebAssembly); skipping them also skips the root postinstall, which needs TypeScript. The server
# keeps a few packages of its own (another version than the root's) in apps/server/node_modules.
# Only the server's and the contract's: the web app's libraries are in its built files already.
RUN npm ci --omit=dev --ignore-scripts --workspace=@switchboard/server --workspace=@switchboard/contract \
  && npm cache clean --force \
  && mkdir -p apps/server/node_modules

# --- runtime: the built server, contract and web app, as the unprivileged "node" user ----------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    DEMO_SEED=0
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json ./
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the embedded database and generated secrets when no DATABASE_URL, stored files always
# (FILES_DIR defaults to DATA_DIR/files, which several instances share as one volume). Both exist
# here so that an empty named volume mounted on either takes the node user as owner.
RUN mkdir -p /data/files && chown -R node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/server.js"]
