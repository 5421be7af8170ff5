# syntax=docker/dockerfile:1.7
# One image per service: docker build -f deploy/docker/service.Dockerfile --build-arg SERVICE=register -t kermesse/register .
# (build context: the repository root). Runs `node --import tsx services/<SERVICE>/src/server.ts` as
# the unprivileged user `node`; `node --import tsx deploy/migrate.ts <SERVICE>` migrates its schema
# (init container / compose `migrate-*` service).
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ARG SERVICE
RUN test -n "$SERVICE" || (echo "--build-arg SERVICE=<identity|register|…> is required" && exit 1)
# Workspace manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY contracts ./contracts
COPY services ./services
COPY gateway/package.json ./gateway/
COPY infra/package.json ./infra/
COPY deploy/package.json ./deploy/
COPY shell/package.json ./shell/
COPY shell/ui-kit/package.json ./shell/ui-kit/
COPY mfe-register/package.json ./mfe-register/
COPY mfe-raffle/package.json ./mfe-raffle/
COPY mfe-bingo/package.json ./mfe-bingo/
COPY mfe-accounting/package.json ./mfe-accounting/
COPY mfe-stock/package.json ./mfe-stock/
# Only this service's dependencies (and the root's: tsx runs the TypeScript sources).
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --workspace "@kermesse/${SERVICE}" --workspace @kermesse/deploy --include-workspace-root

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    PORT=8000 \
    KERMESSE_DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=deps --chown=root:root /app/package.json ./package.json
COPY --chown=root:root tsconfig.base.json ./
COPY --chown=root:root contracts ./contracts
COPY --chown=root:root services/kit ./services/kit
COPY --chown=root:root services/${SERVICE} ./services/${SERVICE}
COPY --chown=root:root deploy/migrate.ts deploy/package.json ./deploy/
# The code is root-owned and read-only for the process; only /data (uploads) is writable.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `exec`: node replaces the shell as PID 1 and gets SIGTERM itself (graceful drain, see the kit's onShutdown).
CMD ["sh", "-c", "exec node --import tsx services/${SERVICE}/src/server.ts"]
