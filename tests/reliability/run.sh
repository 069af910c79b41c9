#!/usr/bin/env bash
# npm run test:reliability: two Clipdock instances from the production build behind nginx, on a
# throwaway PostgreSQL cluster and radosgw, all from Debian packages (no Docker), put through
# crashes, outages, races, load and a fuzz pass (tests/reliability/run.ts). Installs nginx-light,
# PostgreSQL and radosgw when missing and builds the app first. Not part of npm test.
# Options go to run.ts: --clients=200 --seconds=60 --fuzz=10000 --out=FILE
set -euo pipefail
cd "$(dirname "$0")/../.."
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v radosgw >/dev/null 2>&1 || need+=(radosgw ceph-mon ceph-osd)
compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
command -v curl >/dev/null 2>&1 || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
  # Keep package scripts from starting services (nginx and PostgreSQL are started here, by hand).
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod 755 /usr/sbin/policy-rc.d
    trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends \
    "${need[@]}" >/dev/null
  $SUDO rm -f /usr/sbin/policy-rc.d
  trap - EXIT
fi
if [ "${RELIABILITY_SKIP_BUILD:-}" != 1 ]; then
  echo "building the production bundle"
  npm run --silent build
fi
exec npx --no-install tsx tests/reliability/run.ts "$@"
