#!/usr/bin/env bash
# `npm test`: set up what is missing, then run every suite — the native Catch2 suites, then the
# npm package's (build, type check of a usage file, node:test suites under tests/js/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "== native core: Catch2 suites through ctest"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
# Also builds tests/native's golden writer and runs it when it changed (golden files for tests/js).
cmake --build build/native -j"$(nproc)" | { grep -v -E '^\[ *[0-9]+%\] (Built target|Building|Linking)' || true; }
ctest --test-dir build/native -j"$(nproc)" --output-on-failure | tee build/ctest.log
native=$(grep -E 'tests passed' build/ctest.log | tail -1)

echo "== npm package: build, types (tsc --noEmit), node:test suites"
SHOTOTSU_SKIP_SETUP=1 scripts/build.sh
node_modules/.bin/tsc -p tests/js/tsconfig.json
status=0
node --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=build/js-tests.tap tests/js/ || status=$?
count() { grep -E "^# $1 " build/js-tests.tap | tail -1 | awk '{print $3}'; }
echo "== playground: headless Chromium"
SHOTOTSU_SKIP_SETUP=1 scripts/test-browser.sh || status=$?

echo
echo "native: ${native}"
echo "js: $(count pass) of $(count tests) tests passed, $(count fail) failed, $(count todo) todo (known core differences)"
exit "$status"
