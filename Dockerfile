# Two targets: the API (one image, scaled as replicas) and a static server for any one frontend.
FROM node:20-bookworm AS deps
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm install

FROM deps AS build
ARG APP=shell
RUN npx tsx scripts/build.ts --force ${APP}

FROM deps AS api
ENV NODE_ENV=production
EXPOSE 8080
# node runs tsx directly (no npm wrapper), so SIGTERM reaches the server and requests finish on stop.
# API_WORKERS > 1 makes it a cluster of that many processes behind port 8080.
CMD ["node", "node_modules/tsx/dist/cli.mjs", "api/src/server.ts"]

FROM nginx:1.27-alpine AS static
ARG APP=shell
COPY deploy/nginx-static.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
