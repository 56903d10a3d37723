#!/usr/bin/env bash
# `npm run build`: the npm package in dist/ — the core compiled to WebAssembly through
# emcmake/CMake (wasm/CMakeLists.txt), plus the JS face and its types from wasm/js/.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${SHOTOTSU_SKIP_SETUP:-0}" == 1 ]] || SHOTOTSU_NEEDS_BROWSER=0 scripts/setup.sh

# Debian's emscripten finds its acorn through NODE_PATH (../shared/TOOLCHAIN.md).
export NODE_PATH=/usr/share/nodejs
if [[ ! -f build/wasm/CMakeCache.txt ]]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
fi
cmake --build build/wasm -j"$(nproc)"

mkdir -p dist
cp build/wasm/wasm/shototsu-wasm.js build/wasm/wasm/shototsu-wasm.wasm dist/
cp wasm/js/*.js dist/
cp wasm/js/*.d.ts dist/ 2>/dev/null || true
version=$(node -p "require('./package.json').version")
echo "export const version = '${version}';" > dist/version.js
echo "build: dist/ ($(du -b dist/shototsu-wasm.wasm | cut -f1) bytes of wasm)"
