#!/usr/bin/env bash
# npm run test:deploy: the Dockerfile and compose.yaml proven on this machine (tests/deploy/run.ts).
# Installs Debian's docker.io, docker-compose and debootstrap when missing, starts the Docker
# daemon when none answers (and stops it again at the end), then builds the images and runs both
# compose profiles. Not part of npm test.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ${#need[@]} -gt 0 ]; then
  echo "installing system packages: ${need[*]}"
  # Another job may hold the package lock for a while on a shared machine: wait for it.
  $SUDO apt-get -o DPkg::Lock::Timeout=900 update -qq
  # Keep package scripts from starting services (the daemon is started below, by hand).
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

[ -d node_modules ] || npm ci

dockerd_pid=""
dockerd_log=""
stop_dockerd() {
  [ -n "$dockerd_pid" ] || return 0
  $SUDO kill "$dockerd_pid" 2>/dev/null || true
  for _ in $(seq 60); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.5; done
  rm -f "$dockerd_log"
}
if ! docker info >/dev/null 2>&1; then
  dockerd_log=$(mktemp /tmp/clipdock-dockerd.XXXXXX)
  echo "starting the Docker daemon (log: $dockerd_log)"
  $SUDO dockerd >"$dockerd_log" 2>&1 &
  dockerd_pid=$!
  trap stop_dockerd EXIT
  for _ in $(seq 120); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
  docker info >/dev/null 2>&1 || { echo "the Docker daemon did not start:" >&2; tail -n 30 "$dockerd_log" >&2; exit 1; }
fi

npx tsx tests/deploy/run.ts
echo "npm run test:deploy: $((SECONDS - started)) s in all"
