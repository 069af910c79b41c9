#!/usr/bin/env bash
# Debian packages the tests need: Chromium for Playwright, a CJK font (so screenshots and tests
# of the Chinese interface show characters, not boxes), Ceph's radosgw (a real S3-compatible
# server for the storage tests), PostgreSQL (a throwaway cluster for the database tests; the
# Debian service is not started), and litmus and rclone (the WebDAV test suite and a real WebDAV
# client, run against /dav). Installed only when missing.
# The ZIP readers the basket's ZIP is tested with: unzip, 7-Zip, bsdtar, Python's zipfile and
# Java's jar (ZipInputStream).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need+=(fonts-wqy-microhei)
command -v radosgw >/dev/null 2>&1 || need+=(radosgw ceph-mon ceph-osd)
compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
command -v litmus >/dev/null 2>&1 || need+=(litmus)
command -v rclone >/dev/null 2>&1 || need+=(rclone)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
command -v 7z >/dev/null 2>&1 || need+=(p7zip-full)
command -v bsdtar >/dev/null 2>&1 || need+=(libarchive-tools)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v jar >/dev/null 2>&1 || need+=(default-jdk-headless)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # Keep package scripts from starting services (the tests run their own PostgreSQL).
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod 755 /usr/sbin/policy-rc.d
    trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
