#!/bin/bash
# First start: initdb with POSTGRES_USER as the superuser (password auth over TCP) and
# POSTGRES_DB created; every start: the server in the foreground as the postgres user.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
data=/var/lib/postgresql/data
port=${PGPORT:-5432}
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; }
mkdir -p "$data" /run/postgresql
chown postgres:postgres "$data" /run/postgresql
chmod 700 "$data"
if [ ! -s "$data/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$pwfile"
  chown postgres "$pwfile"
  as_postgres "$bin/initdb" -D "$data" -U "${POSTGRES_USER:-postgres}" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 >/dev/null
  rm -f "$pwfile"
  as_postgres "$bin/pg_ctl" -D "$data" -o "-c listen_addresses='' -k /run/postgresql" -w start >/dev/null
  if [ "${POSTGRES_DB:-}" != "" ] && [ "$POSTGRES_DB" != "postgres" ]; then
    as_postgres "$bin/psql" -h /run/postgresql -U "${POSTGRES_USER:-postgres}" -d postgres -v ON_ERROR_STOP=1 \
      -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null
  fi
  as_postgres "$bin/pg_ctl" -D "$data" -w stop >/dev/null
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups -- "$bin/postgres" -D "$data" \
  -c listen_addresses=127.0.0.1 -c port="$port" -k /run/postgresql
