# One static origin per app (DESIGN §5): builds the shell or a remote, then serves its files with nginx.
# docker build -f tooling/docker/app.Dockerfile --build-arg APP=mfe-support .
FROM node:20.20.2-bookworm-slim AS build
ARG APP
WORKDIR /repo
RUN npm install --global pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile --filter "${APP}..." && pnpm --filter "${APP}" run build

# The app's first-view server (README "First view in the HTML"): its server bundle (dist/server) behind the same
# Node server the local topology runs; the shell's serves its pages. docker build --target fragments ...
FROM build AS fragments
ARG APP
ENV APP=${APP} NODE_ENV=production HOST=0.0.0.0
EXPOSE 8080
USER node
CMD ["/bin/sh", "-c", "exec node tooling/bin/serve-app.js --app \"${APP#mfe-}\" --port 8080 --dir \"${APP}/dist\""]

# Debian's nginx, the same build the local topology runs (tooling/src/topology), because it has the brotli module
# the nginx.org image lacks: the build writes .br and .gz copies of every file (tooling/src/precompress-plugin.ts).
FROM debian:12.12-slim
ARG APP
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static gettext-base \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log \
  && ln -sf /dev/stderr /var/log/nginx/error.log
COPY tooling/docker/nginx-static.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /repo/${APP}/dist /usr/share/nginx/html
EXPOSE 80
# The template's only variable is REMOTE_ORIGINS; nginx's own $variables must stay as they are.
CMD ["/bin/sh", "-c", "envsubst '${REMOTE_ORIGINS}' < /etc/nginx/templates/default.conf.template > /etc/nginx/conf.d/default.conf && exec nginx -g 'daemon off;'"]
