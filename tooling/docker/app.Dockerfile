# One static origin per app (DESIGN §5): builds the shell or a remote, then serves its files with nginx.
# docker build -f tooling/docker/app.Dockerfile --build-arg APP=mfe-support .
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /repo
RUN npm install --global pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile --filter "${APP}..." && pnpm --filter "${APP}" run build

FROM nginx:1.27-alpine
ARG APP
COPY tooling/docker/nginx-static.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /repo/${APP}/dist /usr/share/nginx/html
