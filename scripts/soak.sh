#!/usr/bin/env bash
# `npm run soak`: the soak test of issue 9, natively (tests/native/soak.cpp) — 10^7 particle-steps
# in a closed room of triangles (2000 particles, particle pairs, gravity turning every 2 s, kicks
# up to 30 m/s) and 10 simulated minutes of 100 characters walking and jumping on the S1 terrain
# of bench/scenes.mjs: zero escapes, zero falls through, no particle deeper in a wall than the
# chord's sag. About 2.5 minutes here. `scripts/soak.sh --quick` is the short run of npm test
# (10^6 particle-steps, 1 simulated minute). Any other arguments go to shototsu_soak.
set -euo pipefail
cd "$(dirname "$0")/.."

args=(--particle-steps 1e7 --character-seconds 600)
if [[ "${1:-}" == "--quick" ]]; then
  args=(--particle-steps 1e6 --character-seconds 60)
  shift
fi

if [[ "${SHOTOTSU_SKIP_BUILD:-0}" != 1 ]]; then
  [[ "${SHOTOTSU_SKIP_SETUP:-0}" == 1 ]] || SHOTOTSU_NEEDS_BROWSER=0 scripts/setup.sh
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$(nproc)" --target shototsu_soak | { grep -v -E '^\[ *[0-9]+%\] (Built target|Building|Linking)' || true; }
fi
# The S1 world, from the benchmark's own generator (JS), as the native programs read it.
node tests/native/write-scenes.mjs build/scenes 1000 100
build/native/tests/native/shototsu_soak --world build/scenes/s1-world.bin "${args[@]}" "$@"
