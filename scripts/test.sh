#!/usr/bin/env bash
# `npm test`: set up what is missing, then run every suite, and say how long each stage took.
#   lint         clang-format and Biome over the sources (scripts/format.sh check)
#   native       the Catch2 suites through ctest (Release), and the native programs the JS tests
#                compare with (golden writers, S1/S2 determinism, soak)
#   sanitizers   the same Catch2 suites built with AddressSanitizer + UndefinedBehaviorSanitizer
#                (build/asan, g++); runs in the background alongside the stages below, which
#                leave a core idle at times (links, single-threaded programs), and is waited for
#                at the end
#   soak         the short soak run (scripts/soak.sh --quick): 10^6 particle-steps in a closed
#                room, 100 characters for a simulated minute on the S1 terrain
#   fuzz         60 s of libFuzzer over the five targets of tests/fuzz
#   package      build the npm package, type-check a usage file, node:test suites of tests/js
# SHOTOTSU_TEST_FUZZ_SECONDS changes the fuzzing time (0 skips it); SHOTOTSU_TEST_SANITIZE=0
# skips the sanitizer stage.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export SHOTOTSU_SKIP_SETUP=1

mkdir -p build
times=()
t0=$(date +%s.%N)
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
stage() {  # stage KEY "what": closes the previous stage's timing and opens KEY's
  [[ -n "${stage_key:-}" ]] && times+=("$(printf '%-10s %7s s' "$stage_key" "$(elapsed "$stage_start")")")
  stage_key=$1
  stage_start=$(date +%s.%N)
  [[ -n "$1" ]] && echo "== $1: $2"
  return 0
}
quiet_build() { grep -v -E '^\[ *[0-9]+%\] (Built target|Building|Linking)' || true; }

stage lint "clang-format and Biome (npm run lint; npm run format fixes formatting)"
lint=ok
bash scripts/format.sh check >build/lint.log 2>&1 || { lint=FAILED; tail -30 build/lint.log; }

stage native "Catch2 suites through ctest, native programs"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
# Also builds tests/native's golden writers and runs them when they changed (golden files for tests/js).
cmake --build build/native -j"$(nproc)" | quiet_build
ctest --test-dir build/native -j"$(nproc)" --output-on-failure | tee build/ctest.log
native=$(grep -E 'tests passed' build/ctest.log | tail -1)

sanitize_pid=""
if [[ "${SHOTOTSU_TEST_SANITIZE:-1}" != 0 ]]; then
  echo "== sanitizers: ASan + UBSan build of the Catch2 suites started in the background (build/sanitize.log)"
  (
    s0=$(date +%s.%N)
    status=0
    bash scripts/test-sanitize.sh >build/sanitize.log 2>&1 || status=$?
    printf '%s %s\n' "$status" "$(elapsed "$s0")" >build/sanitize.status
  ) &
  sanitize_pid=$!
fi

stage soak "short run: particles in a closed room, characters on the S1 terrain"
soak=ok
SHOTOTSU_SKIP_BUILD=1 scripts/soak.sh --quick || soak=FAILED

fuzz_seconds=${SHOTOTSU_TEST_FUZZ_SECONDS:-60}
fuzz=skipped
if ((fuzz_seconds > 0)); then
  stage fuzz "${fuzz_seconds} s of libFuzzer over tests/fuzz (clang, ASan + UBSan)"
  fuzz=ok
  scripts/fuzz.sh "$fuzz_seconds" || fuzz=FAILED
fi

stage package "build, types (tsc --noEmit), node:test suites"
scripts/build.sh
node_modules/.bin/tsc -p tests/js/tsconfig.json
node_modules/.bin/tsc -p tests/js/tsconfig.three.json # with @types/three
tests/ts50/node_modules/.bin/tsc -p tests/ts50/tsconfig.json # the oldest TypeScript the types support
status=0
node --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=build/js-tests.tap tests/js/ || status=$?
count() { grep -E "^# $1 " build/js-tests.tap | tail -1 | awk '{print $3}'; }
stage browser "playground in headless Chromium"
scripts/test-browser.sh || status=$?

sanitize="skipped"
if [[ -n "$sanitize_pid" ]]; then
  stage sanitizers "waiting for the ASan + UBSan suites to finish"
  wait "$sanitize_pid" || true
  read -r sanitize_status sanitize_seconds <build/sanitize.status
  sanitize_result=$(grep -E 'tests passed' build/sanitize.log | tail -1 || true)
  if [[ "$sanitize_status" == 0 ]]; then
    sanitize="${sanitize_result} ($(printf '%.0f' "$sanitize_seconds") s in the background)"
  else
    sanitize="FAILED — see build/sanitize.log: ${sanitize_result}"
    grep -E 'ERROR: AddressSanitizer|runtime error|Failed|FAILED' build/sanitize.log | head -10 | sed 's/^/    /' || true
    status=1
  fi
fi
stage "" ""

echo
echo "lint: ${lint}"
echo "native: ${native}"
echo "sanitizers (ASan + UBSan): ${sanitize}"
echo "soak (short): ${soak}"
echo "fuzz: ${fuzz}"
echo "js: $(count pass) of $(count tests) tests passed, $(count fail) failed, $(count todo) todo (known gaps and core differences), $(count skipped) skipped"
tap() { local v; v=$({ grep -E "^# $2 " "$1" 2>/dev/null || true; } | tail -1 | awk '{print $3}'); echo "${v:-0}"; }
echo "browser: $(tap build/browser-tests.tap pass) of $(tap build/browser-tests.tap tests) tests passed, $(tap build/browser-tests.tap fail) failed"
echo
echo "stage times (wall clock):"
printf '  %s\n' "${times[@]}"
printf '  %-10s %7s s\n' total "$(elapsed "$t0")"
printf '%s\n' "${times[@]}" >build/test-times.txt
[[ "$soak" == ok && "$fuzz" != FAILED && "$lint" == ok ]] || status=1
# One closing line over every suite, in the plain "N passed, N failed" form.
native_total=$({ grep -oE 'out of [0-9]+' build/ctest.log || true; } | tail -1 | awk '{print $3}')
native_failed=$({ grep -oE '[0-9]+ tests failed' build/ctest.log || true; } | tail -1 | awk '{print $1}')
passed=$(( ${native_total:-0} - ${native_failed:-0} + $(tap build/js-tests.tap pass) + $(tap build/browser-tests.tap pass) ))
failed=$(( ${native_failed:-0} + $(tap build/js-tests.tap fail) + $(tap build/browser-tests.tap fail) ))
[[ "$status" == 0 ]] || failed=$(( failed > 0 ? failed : 1 ))
echo "total: ${passed} passed, ${failed} failed"
exit "$status"
