#!/usr/bin/env bash
# `npm run format` fixes, `npm run lint` (and `npm test`, first) checks:
#   C++ (core/, wasm/, tests/, bench/native/)  clang-format, style in .clang-format
#   JS (wasm/js, web/src, bench, tests/js, tests/browser, scripts)  Biome, biome.json
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-fix}
cpp=$(git ls-files --cached --others --exclude-standard '*.cpp' '*.hpp')
if [[ "$mode" == check ]]; then
  status=0
  # shellcheck disable=SC2086
  clang-format-14 --dry-run --Werror $cpp || { echo "lint: C++ files above are not formatted (npm run format)"; status=1; }
  node_modules/.bin/biome check --error-on-warnings || { echo "lint: JS lint or formatting failed (npm run format fixes formatting)"; status=1; }
  exit "$status"
fi
# shellcheck disable=SC2086
clang-format-14 -i $cpp
node_modules/.bin/biome check --write
