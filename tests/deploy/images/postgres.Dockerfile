# The deploy test's stand-in for the postgres image: Debian's PostgreSQL, initialised on the
# first start from the same POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB variables, in the
# same data folder, listening on 127.0.0.1:PGPORT (the test runs it on the host network).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
    && rm -rf /var/lib/apt/lists/*
COPY postgres-entry.sh /usr/local/bin/postgres-entry.sh
ENTRYPOINT ["/usr/local/bin/postgres-entry.sh"]
