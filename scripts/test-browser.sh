#!/usr/bin/env bash
# The playground's browser tests (tests/browser/): builds the package and the site, then drives
# headless Chromium (Debian's /usr/bin/chromium through playwright-core) against web/dist served
# on 127.0.0.1. Screenshots go to test-artifacts/browser/. Run alone or from scripts/test.sh
# (which sets SHOTOTSU_SKIP_SETUP=1 after its own setup).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${SHOTOTSU_SKIP_SETUP:-0}" == 1 ]] || scripts/setup.sh
SHOTOTSU_SKIP_SETUP=1 scripts/build.sh
scripts/build-web.sh
echo "== playground: headless Chromium (tests/browser/)"
node --test --test-reporter=spec tests/browser/
