#!/usr/bin/env bash
# The README's two commands: `npm start` (the whole product locally) and `npm test` (every test).
# Installs what they need on a fresh machine: npm packages (Node 22 comes with them), Java for
# DynamoDB Local, and Debian's Chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  if [ "$(id -u)" != 0 ]; then
    echo "Missing system packages: $*. Install them with: sudo apt-get install -y $*" >&2
    exit 1
  fi
  echo "Installing $* from Debian's packages..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_deps() {
  if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.install-stamp ] || [ package-lock.json -nt node_modules/.install-stamp ]; then
    echo "Installing npm packages..."
    npm ci --no-audit --no-fund --loglevel=error
    touch node_modules/.install-stamp
  fi
  export PATH="$PWD/node_modules/.bin:$PATH"
}

ensure_java() { command -v java >/dev/null 2>&1 || apt_install openjdk-17-jre-headless; }
ensure_chromium() { [ -x /usr/bin/chromium ] || apt_install chromium fonts-liberation; }

build_web() {
  if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts shared/src -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
    echo "Building the web app..."
    npm run build -w web --silent
  fi
}

cmd="${1:-}"
case "$cmd" in
  start)
    ensure_deps; ensure_java; build_web
    exec tsx infra/local/start.ts
    ;;
  test)
    ensure_deps; ensure_java; ensure_chromium; build_web
    echo "Type-checking..."
    tsc -p tsconfig.json --noEmit
    exec vitest run
    ;;
  *)
    echo "usage: scripts/dev.sh start|test" >&2
    exit 2
    ;;
esac
