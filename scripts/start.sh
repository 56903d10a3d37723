#!/usr/bin/env bash
# `npm start`: set up what is missing, build, and say what was built.
# (The playground is served from here once web/ exists.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"
echo
echo "Built:"
echo "  build/native/libshototsu_core.a   the C++20 collision core (headers in core/include/shototsu/)"
echo "  build/native/shototsu_tests       its Catch2 suites (run them with: npm test)"
