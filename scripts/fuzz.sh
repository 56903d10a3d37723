#!/usr/bin/env bash
# `npm run fuzz -- [seconds] [target...]`: builds the libFuzzer targets of tests/fuzz/ (clang 14,
# -fsanitize=fuzzer,address,undefined, in build/fuzz) and runs them for `seconds` of wall time in
# all (default 600), two at a time on this 2-core machine, each target an equal share. `npm test`
# runs 60 s. Targets: queries world particles character moving (default: all five).
#
# A target fails on a crash, a sanitizer report, a hang (-timeout=10 s per input), running out of
# memory, or a broken invariant (NaN out of finite input, a world answer that differs from brute
# force, a particle leaving a closed room, ...; see tests/fuzz/*.cpp). Then the input is kept in
# build/fuzz/artifacts/ and the command to reproduce it is printed. What each target found new is
# kept in build/fuzz/corpus/<target> (grows from run to run); tests/fuzz/corpus/<target> holds
# the small seed corpus in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(queries world particles character moving)
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz: seconds must be a whole number (got '$seconds')" >&2; exit 2; }

[[ "${SHOTOTSU_SKIP_SETUP:-0}" == 1 ]] || SHOTOTSU_NEEDS_BROWSER=0 scripts/setup.sh

if [[ ! -f build/fuzz/CMakeCache.txt ]]; then
  cmake -S . -B build/fuzz -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSHOTOTSU_FUZZ=ON >/dev/null
fi
cmake --build build/fuzz -j"$(nproc)" | { grep -v -E '^\[ *[0-9]+%\] (Built target|Building|Linking)' || true; }

mkdir -p build/fuzz/artifacts build/fuzz/logs
# SHOTOTSU_FUZZ_REPLAY_ONLY="t ...": those targets only replay tests/fuzz/corpus/<t> once (the
# inputs of fixed findings), without exploring: for targets that found new failures too recently
# for a short run of npm test to explore them without stopping on one by chance.
replay_only=" ${SHOTOTSU_FUZZ_REPLAY_ONLY:-} "
explore=()
replay=()
for t in "${targets[@]}"; do
  if [[ "$replay_only" == *" $t "* ]]; then replay+=("$t"); else explore+=("$t"); fi
done
targets=("${explore[@]}")
# Two run at a time, in rounds of two (the last may hold one): each round gets an equal share, so
# the rounds together take `seconds`.
rounds=$(( (${#targets[@]} + 1) / 2 ))
share=$(( seconds / (rounds > 0 ? rounds : 1) ))
((share >= 1)) || share=1

run_target() {
  local t=$1 work=build/fuzz/corpus/$1 seeds=tests/fuzz/corpus/$1
  mkdir -p "$work"
  local dirs=("$work")
  [[ -d "$seeds" ]] && dirs+=("$seeds")
  # Leaks are checked by libFuzzer itself (-detect_leaks, on by default with ASan).
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    build/fuzz/tests/fuzz/fuzz_"$t" -max_total_time="$share" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/"$t"- "${dirs[@]}" >build/fuzz/logs/"$t".log 2>&1
}

status=0
declare -A rc
for t in "${replay[@]}"; do
  [[ -x build/fuzz/tests/fuzz/fuzz_$t ]] || { echo "fuzz: no target '$t'" >&2; exit 2; }
  if UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 build/fuzz/tests/fuzz/fuzz_"$t" -runs=0 -timeout=10 \
    -rss_limit_mb=2048 tests/fuzz/corpus/"$t" >build/fuzz/logs/"$t".log 2>&1; then
    echo "fuzz $t: ok — replayed the $(find tests/fuzz/corpus/"$t" -type f | wc -l) inputs of tests/fuzz/corpus/$t (not explored here: \`npm run fuzz\` explores it)"
  else
    status=1
    echo "fuzz $t: FAILED replaying tests/fuzz/corpus/$t — see build/fuzz/logs/$t.log"
  fi
done
for ((i = 0; i < ${#targets[@]}; i += 2)); do
  pids=()
  for t in "${targets[@]:i:2}"; do
    [[ -x build/fuzz/tests/fuzz/fuzz_$t ]] || { echo "fuzz: no target '$t'" >&2; exit 2; }
    run_target "$t" & pids+=("$!:$t")
  done
  for entry in "${pids[@]}"; do
    pid=${entry%%:*} t=${entry#*:}
    if wait "$pid"; then rc[$t]=0; else rc[$t]=$?; fi
  done
done

for t in "${targets[@]}"; do
  log=build/fuzz/logs/$t.log
  runs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  rate=$(grep -oE '^stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo '?')
  corpus=$(find build/fuzz/corpus/"$t" -type f | wc -l)
  if [[ ${rc[$t]} == 0 ]]; then
    echo "fuzz $t: ok — ${runs} inputs in ${share} s (${rate}/s), coverage ${cov} edges, corpus ${corpus}"
  else
    status=1
    artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -1 | sed 's/Test unit written to //' || true)
    echo "fuzz $t: FAILED (exit ${rc[$t]}) — see $log"
    grep -E 'INVARIANT BROKEN|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|SUMMARY' "$log" | head -5 | sed 's/^/    /'
    [[ -n "$artifact" ]] && echo "    reproduce: build/fuzz/tests/fuzz/fuzz_$t $artifact"
  fi
done
exit "$status"
