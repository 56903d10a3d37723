#!/usr/bin/env bash
# `npm start`: set up what is missing, build the package (dist/) and the playground (web/dist),
# then serve the playground on 127.0.0.1 and print its address. Ctrl-C stops the server.
# PORT=8080 npm start picks the port (default 5173, or a free one if it is taken).
set -euo pipefail
cd "$(dirname "$0")/.."
SHOTOTSU_NEEDS_BROWSER=0 scripts/setup.sh
SHOTOTSU_SKIP_SETUP=1 scripts/build.sh
scripts/build-web.sh

port=$(node -e '
  const net = require("node:net");
  const tryPort = (p) => { const s = net.createServer();
    s.once("error", () => tryPort(0));
    s.listen(p, "127.0.0.1", () => { console.log(s.address().port); s.close(); }); };
  tryPort(Number(process.argv[1]));' "${PORT:-5173}")
url="http://127.0.0.1:${port}/"
echo
echo "shototsu playground: ${url}"
echo "  particles   ${url}?mode=particles"
echo "  characters  ${url}?mode=characters"
echo "  inspection  ${url}?mode=inspect"
echo "  labs        ${url}?mode=lab"
echo "  (add &embed to any of them for the iframe layout; Ctrl-C stops the server)"
echo
cd web
exec node_modules/.bin/vite preview --host 127.0.0.1 --port "$port" --strictPort
