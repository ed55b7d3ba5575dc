# The API (DESIGN §5): stateless, so compose runs several replicas behind the edge proxy.
FROM node:20-bookworm-slim
WORKDIR /repo
RUN npm install --global pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile --prod=false --filter "api..."
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8090
EXPOSE 8090
USER node
CMD ["pnpm", "--filter", "api", "run", "start"]
