#!/usr/bin/env bash
# `npm run build`: the npm package in dist/ — the core compiled to WebAssembly through
# emcmake/CMake (wasm/CMakeLists.txt), plus the JS face and its types from wasm/js/.
# Idempotent; with nothing changed it only checks (cmake's no-op build and a copy, ~1 s).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${SHOTOTSU_SKIP_SETUP:-0}" == 1 ]] || SHOTOTSU_NEEDS_BROWSER=0 scripts/setup.sh

# Debian's emscripten finds its acorn through NODE_PATH (../shared/TOOLCHAIN.md).
export NODE_PATH=/usr/share/nodejs
if [[ ! -f build/wasm/CMakeCache.txt ]]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
fi
cmake --build build/wasm -j"$(nproc)" | { grep -v -E '^\[ *[0-9]+%\] (Built target|Building|Linking)' || true; }

# dist/ is rebuilt from scratch (so files removed from wasm/js do not linger), then the version.
rm -rf build/dist.tmp
mkdir -p build/dist.tmp
cp build/wasm/wasm/shototsu-wasm.js build/wasm/wasm/shototsu-wasm.wasm wasm/js/*.js wasm/js/*.d.ts build/dist.tmp/
version=$(node -p "require('./package.json').version")
echo "export const version = '${version}';" > build/dist.tmp/version.js
# What ships is bundled (one index.js, one three.js: scripts/bundle-dist.mjs) and minified
# (scripts/minify-dist.mjs); wasm/js/ keeps the readable modules.
node scripts/bundle-dist.mjs build/dist.tmp
node scripts/minify-dist.mjs build/dist.tmp
rm -rf dist
mv build/dist.tmp dist
echo "build: dist/ ($(stat -c %s dist/shototsu-wasm.wasm) bytes of wasm, $(stat -c %s dist/shototsu-wasm.js) bytes of glue JS)"
