# One image for the API and the judge worker (the command picks which runs).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN NX_DAEMON=false npx nx run-many -t build -p api judge-worker web

FROM node:20-bookworm-slim
# The local engine's sandbox and the toolchains it discovers.
RUN apt-get update && apt-get install -y --no-install-recommends \
      bubblewrap util-linux gcc g++ python3 pypy3 default-jdk-headless golang-go rustc \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production WEB_DIST_DIR=/app/dist/web
COPY --from=build /app/package.json /app/package-lock.json ./
RUN npm ci --omit=dev
COPY --from=build /app/dist ./dist
COPY tools ./tools
EXPOSE 3000
CMD ["node", "-r", "./tools/register-paths.js", "dist/server/apps/api/src/main.js"]
