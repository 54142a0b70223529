# The site in a container: the same commands CI runs (npm ci, npm run build), on Node 24 LTS.
# Build: docker build -t rescue-site .   Run with a database and Caddy: docker compose up (compose.yaml).

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/migrations ./migrations
COPY --from=build --chown=node:node /app/dist ./dist
# npm run db:migrate, backup, restore, reconcile start the compiled tools through it.
COPY --from=build --chown=node:node /app/scripts/run-built.mjs ./scripts/run-built.mjs
# The nightly backups' folder (compose.yaml mounts a volume here): a new volume takes this owner.
RUN mkdir /app/backups && chown node:node /app/backups
# Not root: the image's own unprivileged user.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
