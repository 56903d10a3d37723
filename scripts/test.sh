#!/usr/bin/env bash
# `npm test`: set up what is missing, then run every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "== native core: Catch2 suites through ctest"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native -j"$(nproc)" --output-on-failure
