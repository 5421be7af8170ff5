# syntax=docker/dockerfile:1.7
# One front end served alone (a remote deployed on its own, or the shell), as static files:
#   docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=mfe-stock -t kermesse/mfe-stock .
# nginx runs unprivileged on 8080; remoteEntry.js and mf-manifest.json are never cached (a new
# deployment is seen at the next navigation), hashed chunks for a year, CORS open (the shell fetches the manifest from another origin).
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG APP
RUN test -n "$APP" || (echo "--build-arg APP=<shell|mfe-register|…> is required" && exit 1)
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --workspace "@kermesse/${APP}" --workspace @kermesse/ui-kit --include-workspace-root && \
    npm run build -w "@kermesse/${APP}"

FROM nginxinc/nginx-unprivileged:1.29-alpine AS runtime
ARG APP
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
RUN printf '%s\n' \
  'server {' \
  '  listen 8080;' \
  '  root /usr/share/nginx/html;' \
  '  location = /healthz { access_log off; default_type application/json; return 200 "{\"status\":\"ok\"}"; }' \
  '  location ~ (remoteEntry\.js|mf-manifest\.json|index\.html)$ {' \
  '    add_header Cache-Control "no-cache" always; add_header Access-Control-Allow-Origin "*" always; add_header X-Content-Type-Options nosniff always;' \
  '  }' \
  '  location / {' \
  '    try_files $uri $uri/ /index.html;' \
  '    add_header Cache-Control "public, max-age=31536000, immutable" always; add_header Access-Control-Allow-Origin "*" always; add_header X-Content-Type-Options nosniff always;' \
  '  }' \
  '}' > /etc/nginx/conf.d/default.conf
USER 101
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
