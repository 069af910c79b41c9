#!/bin/bash
# Starts the single-node gateway (a fresh folder and a second try if the first start dies
# early, as it sometimes does on a busy machine) and stops it cleanly on SIGTERM.
set -euo pipefail
dir=/var/lib/rgw/cluster
stop() { local-rgw.sh stop "$dir"; exit 0; }
trap stop TERM INT
for attempt in 1 2 3; do
  rm -rf "$dir"
  if local-rgw.sh start "$dir" memstore; then break; fi
  tail -n 20 "$dir"/log/*.log >&2 || true
  local-rgw.sh stop "$dir" || true
  [ "$attempt" -lt 3 ] || exit 1
done
sleep infinity &
wait $!
