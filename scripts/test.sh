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
# One closing line over every suite, in the plain "N passed, N failed" form.
tap() { local v; v=$({ grep -E "^# $2 " "$1" 2>/dev/null || true; } | tail -1 | awk '{print $3}'); echo "${v:-0}"; }
native_total=$({ grep -oE 'out of [0-9]+' build/ctest.log || true; } | tail -1 | awk '{print $3}')
native_failed=$({ grep -oE '[0-9]+ tests failed' build/ctest.log || true; } | tail -1 | awk '{print $1}')
passed=$(( ${native_total:-0} - ${native_failed:-0} + $(tap build/js-tests.tap pass) + $(tap build/browser-tests.tap pass) ))
failed=$(( ${native_failed:-0} + $(tap build/js-tests.tap fail) + $(tap build/browser-tests.tap fail) ))
echo "total: ${passed} passed, ${failed} failed"
exit "$status"
