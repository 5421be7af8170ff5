# syntax=docker/dockerfile:1.7
# The gateway, with the built shell and remotes it serves:
#   docker build -f deploy/docker/gateway.Dockerfile -t kermesse/gateway .   (context: repository root)
# The gateway is compiled to JavaScript (deploy/build.ts) and runs as `node gateway/dist/server.js` on
# production dependencies only (docs/decisions/008-node-runtime.md).
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-bookworm-slim AS deps
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
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --workspace @kermesse/gateway \
      --workspace @kermesse/shell --workspace @kermesse/ui-kit \
      --workspace @kermesse/mfe-register --workspace @kermesse/mfe-raffle --workspace @kermesse/mfe-bingo \
      --workspace @kermesse/mfe-accounting --workspace @kermesse/mfe-stock --workspace @kermesse/deploy --include-workspace-root

FROM deps AS frontends
COPY . .
RUN npm run build -w @kermesse/shell && \
    for app in mfe-register mfe-raffle mfe-bingo mfe-accounting mfe-stock; do npm run build -w "@kermesse/$app" || exit 1; done && \
    node --import tsx deploy/build.ts gateway

# What the gateway imports at run time: its production dependencies and the kit's, nothing else.
FROM deps AS runtime-deps
RUN --mount=type=cache,target=/root/.npm \
    rm -rf node_modules && npm ci --no-audit --no-fund --omit=dev --workspace @kermesse/gateway && \
    rm -rf node_modules/@kermesse

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 KERMESSE_ROOT=/app
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=frontends /app/gateway/package.json ./gateway/package.json
COPY --from=frontends /app/gateway/dist ./gateway/dist
# The API's description the gateway serves at /api/openapi.json (written by `npm run openapi`).
COPY docs/openapi.json ./docs/openapi.json
COPY --from=frontends /app/shell/dist ./shell/dist
COPY --from=frontends /app/mfe-register/dist ./mfe-register/dist
COPY --from=frontends /app/mfe-raffle/dist ./mfe-raffle/dist
COPY --from=frontends /app/mfe-bingo/dist ./mfe-bingo/dist
COPY --from=frontends /app/mfe-accounting/dist ./mfe-accounting/dist
COPY --from=frontends /app/mfe-stock/dist ./mfe-stock/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "gateway/dist/server.js"]
