#!/usr/bin/env bash
# Builds the playground (web/) into web/dist: static files, servable from any folder.
# Installs web/'s npm packages first when they are missing or older than web/package-lock.json.
# Expects the package in dist/ (scripts/build.sh): web/ depends on it as "shototsu": "file:..".
set -euo pipefail
cd "$(dirname "$0")/../web"
if [[ ! -d node_modules || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "build-web: npm ci (web/)"
  npm ci --no-audit --no-fund --loglevel=error
fi
node_modules/.bin/vite build --logLevel warn
echo "build-web: web/dist/ ($(du -sh dist | cut -f1))"
