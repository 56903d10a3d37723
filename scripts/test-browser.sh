#!/usr/bin/env bash
# The playground's browser tests (tests/browser/): builds the package and the site, then drives
# headless Chromium (Debian's /usr/bin/chromium through playwright-core) against web/dist served
# on 127.0.0.1. Screenshots go to test-artifacts/browser/, the TAP record to
# build/browser-tests.tap. Run alone, or from scripts/test.sh with SHOTOTSU_SKIP_SETUP=1 (after
# its own setup, which installs chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${SHOTOTSU_SKIP_SETUP:-0}" == 1 ]] || scripts/setup.sh
SHOTOTSU_SKIP_SETUP=1 scripts/build.sh
scripts/build-web.sh
echo "== playground: headless Chromium (tests/browser/)"
mkdir -p build
status=0
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=build/browser-tests.tap tests/browser/ || status=$?
count() { grep -E "^# $1 " build/browser-tests.tap | tail -1 | awk '{print $3}'; }
echo "browser: $(count pass) of $(count tests) tests passed, $(count fail) failed"
exit "$status"
