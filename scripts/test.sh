#!/usr/bin/env bash
# The one test command: installs what the machine lacks, then runs every layer in order.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh

[ -d node_modules ] || npm ci

echo "== typecheck"; npm run --silent typecheck
echo "== lint";      npm run --silent lint
echo "== imports";   npm run --silent lint:deps
echo "== unit";      npx vitest run --project unit --project server
echo "== integration"; npx vitest run --project integration
echo "== build";     npm run --silent build
echo "== e2e";       npx playwright test
