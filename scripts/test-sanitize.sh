#!/usr/bin/env bash
# `npm run test:sanitize`: the native suites built and run under ASan + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
SHOTOTSU_NEEDS_BROWSER=0 scripts/setup.sh
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHOTOTSU_SANITIZE=ON >/dev/null
cmake --build build/asan -j"$(nproc)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/asan -j"$(nproc)" --output-on-failure
