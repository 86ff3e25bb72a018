# One image for the API and the judge worker (the command picks which runs).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` with the committed lock, as in the README: `npm ci` refuses a lock written on one platform
# when another platform's optional packages (msgpackr-extract, nx binaries) are missing from it.
RUN npm install --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build -p api judge-worker web --outputStyle=static

FROM node:20-bookworm-slim
# The local engine's sandbox (bubblewrap, setpriv from util-linux), gcc for its launcher, and the toolchains it
# discovers (g++ brings the C headers).
RUN apt-get update && apt-get install -y --no-install-recommends \
      bubblewrap util-linux gcc g++ python3 pypy3 default-jdk-headless golang-go rustc \
    && rm -rf /var/lib/apt/lists/*
# The worker looks for node (JavaScript, TypeScript) at /usr/bin/node, where Debian puts it.
RUN ln -s /usr/local/bin/node /usr/bin/node
WORKDIR /app
ENV NODE_ENV=production WEB_DIST_DIR=/app/dist/web
COPY --from=build /app/package.json /app/package-lock.json ./
# Run-time packages only: `npm test` runs this very command and then the API and a worker on what it installed
# (tools/test/production-install.spec.ts). This image's npm 10 runs install scripts that npm 11's allowScripts would
# gate; package.json's scarfSettings keeps swagger-ui-dist's telemetry off either way.
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
# TypeScript submissions compile with the workspace's compiler and Node types (development packages).
COPY --from=build /app/node_modules/typescript ./node_modules/typescript
COPY --from=build /app/node_modules/@types/node ./node_modules/@types/node
COPY --from=build /app/node_modules/undici-types ./node_modules/undici-types
COPY --from=build /app/dist ./dist
COPY tools/register-paths.js tools/migrate.js tools/service-check.js ./tools/
EXPOSE 3000
# The API needs no privileges; the worker service runs as root (see docker-compose.yml).
USER node
CMD ["node", "-r", "./tools/register-paths.js", "dist/api/apps/api/src/main.js"]
