# The deploy test's stand-in for node:22-bookworm-slim, which no registry serves here: the
# Debian base the test makes with debootstrap, the Node 22 binary of the npm package `node`, and
# npm in /usr/local as in the official image. The machine reaches npm through its own
# certificate authority; only this test image carries it, in a file of its own.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY host-ca.crt /etc/ssl/host-ca.crt
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
    && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca.crt \
    npm_config_cafile=/etc/ssl/host-ca.crt
