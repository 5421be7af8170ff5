# syntax=docker/dockerfile:1.7
# One image per service: docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=register -t kermesse/register .
# (build context: the repository root). The service is compiled to JavaScript (deploy/build.ts) and runs
# as `node services/<SERVICE>/dist/server.js`, the unprivileged user `node`, on production dependencies
# only: no tsx, TypeScript, test or lint tool in the image (docs/decisions/008-node-runtime.md).
# `node services/<SERVICE>/dist/migrate.js` migrates its schema (init container / compose `migrate-*`).
ARG NODE_VERSION=26

# Workspace manifests alone, so the dependency layers are rebuilt only when they change.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts ./contracts
COPY services ./services
COPY gateway/package.json ./gateway/
COPY infra/package.json ./infra/
COPY deploy/package.json ./deploy/
COPY cluster/package.json ./cluster/
COPY shell/package.json ./shell/
COPY shell/ui-kit/package.json ./shell/ui-kit/
COPY mfe-register/package.json ./mfe-register/
COPY mfe-raffle/package.json ./mfe-raffle/
COPY mfe-bingo/package.json ./mfe-bingo/
COPY mfe-accounting/package.json ./mfe-accounting/
COPY mfe-stock/package.json ./mfe-stock/
RUN find contracts services -type f ! -name package.json -delete

# Compiles the service (and its migration command) with the build tools (esbuild, tsx).
FROM manifests AS build
ARG SERVICE
RUN test -n "$SERVICE" || (echo "--build-arg SERVICE=<identity|register|…> is required" && exit 1)
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --workspace "@kermesse/${SERVICE}" --workspace @kermesse/deploy --include-workspace-root
COPY tsconfig.base.json ./
COPY contracts ./contracts
COPY services ./services
COPY deploy ./deploy
RUN node --import tsx deploy/build.ts "${SERVICE}" && \
    mkdir -p /out && cd "services/${SERVICE}" && \
    tar cf - --exclude=./src --exclude=./migrations --exclude=./node_modules . | tar xf - -C /out

# What the service imports at run time: its production dependencies and the kit's, nothing else.
FROM manifests AS runtime-deps
ARG SERVICE
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --omit=dev --workspace "@kermesse/${SERVICE}" && \
    rm -rf node_modules/@kermesse

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    PORT=8000 \
    KERMESSE_DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps --chown=root:root /app/node_modules ./node_modules
# dist/ plus the files the service reads next to its sources (register's assets, raffle's demo images…).
COPY --from=build --chown=root:root /out ./services/${SERVICE}
# The code is root-owned and read-only for the process; only /data (uploads) is writable.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `exec`: node replaces the shell as PID 1 and gets SIGTERM itself (graceful drain, see the kit's onShutdown).
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/server.js"]
