#!/usr/bin/env bash
# Installs what shototsu's build and tests need and is missing, and nothing else.
# Idempotent: with everything present it only checks, in well under a second.
#   Debian packages (apt-get): cmake g++ catch2 emscripten clang-14 libclang-rt-14-dev
#     clang-format-14 (npm run lint / format),
#     (+ chromium for browser tests). clang-14 comes with emscripten; libclang-rt-14-dev holds
#     libFuzzer and the sanitizer runtimes (tests/fuzz), only recommended by clang, so a system
#     installing without recommends lacks it.
#   npm packages: `npm ci` when node_modules is missing or older than package-lock.json
set -euo pipefail
cd "$(dirname "$0")/.."

want=(cmake g++ catch2 emscripten clang-14 libclang-rt-14-dev clang-format-14)
if [[ "${SHOTOTSU_NEEDS_BROWSER:-1}" == 1 ]]; then want+=(chromium); fi

missing=()
for pkg in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  if [[ $(id -u) != 0 ]]; then
    if command -v sudo >/dev/null; then SUDO="sudo -n"; else
      echo "setup: need root (or sudo) to apt-get install ${missing[*]}" >&2; exit 1; fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [[ -f package-lock.json ]]; then
  if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
