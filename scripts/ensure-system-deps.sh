#!/usr/bin/env bash
# Debian packages the tests need: Chromium for Playwright, and Ceph's radosgw (a real
# S3-compatible server for the storage tests). Installed only when missing.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v radosgw >/dev/null 2>&1 || need+=(radosgw ceph-mon ceph-osd)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
