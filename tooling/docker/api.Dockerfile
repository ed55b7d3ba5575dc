# The API (DESIGN §5): stateless, so compose runs several replicas behind the edge proxy.
# Built here: esbuild compiles src/ with the shared-contracts code it uses into api/dist (api/scripts/bundle.mjs),
# then `pnpm deploy --prod` gathers api/dist, migrations, seed, locales, assets and data (package.json "files") with the
# production dependencies only. .dockerignore keeps .env, .data/, .git and local builds out of the context.
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /repo
RUN npm install --global pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile --filter api --filter shared-contracts \
  && pnpm --filter api run build \
  && pnpm --filter api deploy --legacy --prod /deploy

# Run: the deployed folder at api/ (so REPO_ROOT and API_ROOT resolve as in the checkout), owned by root and run by
# the unprivileged node user, which can read the code but not change it.
FROM node:20.20.2-bookworm-slim
WORKDIR /repo
COPY --from=build /deploy /repo/api
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8090
EXPOSE 8090
USER node
CMD ["node", "api/dist/main.js"]
