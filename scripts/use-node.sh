#!/usr/bin/env bash
# Source this file (`. scripts/use-node.sh`) to make sure the Node major in .nvmrc runs `node` and `npm` in this shell.
# Where the system's Node is older (Debian ships 20, past its end of life), the npm registry's `node` package
# (a plain Node binary with its headers) is installed once into a tool folder outside the clone and put first on
# PATH. npm itself is a Node script, so it then runs on that Node too; native modules (better-sqlite3, keytar) are
# built against the headers of the Node that runs them, not the system's (npm may be set up with nodedir=/usr).
_mostrador_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_mostrador_major="$(tr -dc '0-9' < "$_mostrador_root/.nvmrc")"
_mostrador_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

if [ "$_mostrador_have" != "$_mostrador_major" ]; then
  _mostrador_tools="${MOSTRADOR_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mostrador}/node-$_mostrador_major"
  if ! "$_mostrador_tools/node_modules/.bin/node" --version >/dev/null 2>&1; then
    echo "node: the system has Node $_mostrador_have; installing Node $_mostrador_major from the npm registry into $_mostrador_tools"
    mkdir -p "$_mostrador_tools"
    # The `node` package's preinstall fetches the binary package for this platform: the one script allowed here.
    printf '{"private":true,"allowScripts":{"node":true}}\n' > "$_mostrador_tools/package.json"
    (cd "$_mostrador_tools" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node@$_mostrador_major") || { echo "node: could not install Node $_mostrador_major" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_mostrador_tools/node_modules/.bin:$PATH"
  # Headers for node-gyp: the folder holding include/node next to the binary's package.
  _mostrador_headers="$(find "$_mostrador_tools/node_modules" -maxdepth 5 -type d -path '*/include/node' -print -quit)"
  if [ -n "$_mostrador_headers" ]; then export npm_config_nodedir="$(dirname "$(dirname "$_mostrador_headers")")"; fi
fi
unset _mostrador_root _mostrador_major _mostrador_have _mostrador_tools _mostrador_headers
