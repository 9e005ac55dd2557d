# syntax=docker/dockerfile:1
# Three targets: `api` (one image, scaled as replicas), `static` (any one frontend behind nginx) and
# `store` (the media store of docker-compose.yml). Every base image is pinned to an exact version.
#   docker build --target api -t cliffhanger-api .
#   docker build --target static --build-arg APP=mf-catalog -t cliffhanger-catalog .
ARG NODE_IMAGE=node:24.19.0-bookworm-slim
ARG NGINX_IMAGE=nginx:1.30.4-alpine
# MinIO publishes no images since October 2025; quay.io keeps its last one.
ARG MINIO_IMAGE=quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z

# --- Every package, dev tools included: the builds need webpack, esbuild and TypeScript ----------
# Nothing compiles: SQLite and argon2 are Node's own (24.7 or newer), the rest installs prebuilt.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Manifests first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mf-catalog/package.json mf-catalog/
COPY mf-player/package.json mf-player/
COPY mf-wallet/package.json mf-wallet/
COPY mf-account/package.json mf-account/
COPY mf-admin/package.json mf-admin/
COPY api/package.json api/
COPY demo/package.json demo/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# `npm install`, not `npm ci`: lockfiles written on machines whose registry lacks other platforms'
# optional binaries omit them, and `npm ci` refuses such a lockfile. The locked versions are installed.
RUN npm install --no-audit --no-fund

# --- The API compiled to one JavaScript file ----------------------------------------------------
FROM deps AS api-build
COPY . .
RUN npx tsx deploy/build-api.ts

# --- The API's production packages only (no webpack, no TypeScript, no test tools) --------------
FROM deps AS api-deps
RUN rm -rf node_modules */node_modules \
 && npm install --omit=dev --workspace api --include-workspace-root=false --no-audit --no-fund \
 && npm cache clean --force

# --- One frontend built (the shell by default: the API image carries its page too) --------------
FROM deps AS build
ARG APP=shell
COPY . .
RUN npx tsx scripts/build.ts --force ${APP}

# --- The API image: Node 24 slim, system ffmpeg, a non-root user -------------------------------
FROM ${NODE_IMAGE} AS api
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    MEDIA_ROOT=/data/media \
    VAR_DIR=/data/var \
    SERVE_FRONTENDS=false \
    FFMPEG_PATH=/usr/bin/ffmpeg
COPY --from=api-deps /app/node_modules ./node_modules
COPY --from=api-deps /app/package.json ./package.json
COPY --from=api-build /app/api/dist ./api/dist
COPY api/package.json ./api/package.json
# The shell's page, answered by the API for every page route (link previews, the first hero image):
# the same build stage, with the same APP, as the shell's static image, so both name the same files.
COPY --from=build /app/shell/dist ./shell/dist
# /data is the shared volume: media, upload staging (/data/media-staging) and generated settings.
RUN mkdir -p /data/media /data/media-staging /data/var && chown -R node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs the compiled server directly (no npm wrapper), so SIGTERM reaches it and requests finish.
# API_WORKERS > 1 makes it a cluster of that many processes behind port 8080.
CMD ["node", "--enable-source-maps", "--no-allocation-site-pretenuring", "api/dist/server.js"]

# --- One frontend, behind nginx as its unprivileged user (port 8080) ----------------------------
FROM ${NGINX_IMAGE} AS static
ARG APP=shell
COPY deploy/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx-static.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
USER nginx
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/nginx-health"]

# --- The media store: MinIO as an unprivileged user, its data in /store (a fresh volume takes the
# folder's owner) -----------------------------------------------------------------------------------
FROM ${MINIO_IMAGE} AS store
RUN mkdir /store && chown 1000:1000 /store
USER 1000:1000
