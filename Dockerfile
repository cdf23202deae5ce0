# SolarOps Console, production image: the compiled server (node apps/server/dist/main.js, no tsx) serving the
# built console. Build: docker build -t solarops . ; run: see compose.yaml and the README.

# 1. Everything installed, the console and the server built.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/simulator/package.json apps/simulator/
COPY apps/agent/package.json apps/agent/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/pv/package.json packages/pv/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what runs: the production dependencies.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/simulator/package.json apps/simulator/
COPY --from=build /app/apps/agent/package.json apps/agent/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/pv/package.json packages/pv/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. The image: node, the dependencies, the bundle, the migrations, the PDF font and the built console; not root.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    SIMULATOR=off
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/migrations apps/server/migrations
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080 1883
# Readiness: the process answers and its database does (docs/operations.md). No curl in the slim image: node asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/prod-api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The heap flags of `npm start` (docs/scaling.md).
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=32", "apps/server/dist/main.js"]
