#!/usr/bin/env bash
# Installs the Debian packages Schach needs; does nothing when they are all there (idempotent).
set -euo pipefail
packages=(
  g++ cmake make pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev libfmt-dev libcli11-dev
  stockfish      # reference oracle for differential perft tests and the benchmark anchor
  clang libclang-rt-14-dev  # libFuzzer targets (clang 14, its libFuzzer and sanitizer runtimes)
  clang-format              # scripts/format.sh (make format, make format-check): clang-format 14 on Debian 12
  xz-utils pgn-extract  # decompressing the PGN benchmark files; pgn-extract is its speed anchor
  gnuchess-book             # a Polyglot opening book (book.bin) for the engine's levels and the match runner
  glaurung toga2 ethereal-chess fairy-stockfish  # opponents of the match runner's gauntlets (make match)
  ccache                    # shares compiled objects between builds and checkouts
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev  # schach serve: Beast/Asio, JSON, URLs (1.81, not the default 1.74)
  libsqlite3-dev libssl-dev # schach serve: the game store (SQLite, WAL) and SHA-256 / random secrets (OpenSSL)
  libjemalloc-dev           # the server's allocator (CMake option SCHACH_JEMALLOC; docs/load.md)
  postgresql-15 libpq-dev   # schach serve --store: PgStore on libpq; its tests start a throw-away PostgreSQL 15
  haproxy                   # in front of several schach serve nodes (issue #23)
  curl iproute2             # scripts/cluster.sh (make cluster): the proxy's first answer, free ports (ss)
  chromium                  # the web page's browser tests (driven by playwright-core from npm)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -ne 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# chessops from npm (pinned in tools/oracle/package-lock.json): SAN oracle for tests/notation/chessops_diff_test.cpp.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -d "$root/tools/oracle/node_modules/chessops" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "install-deps: installing nodejs npm"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends nodejs npm
  fi
  echo "install-deps: npm ci in tools/oracle"
  npm ci --prefix "$root/tools/oracle" --no-audit --no-fund --loglevel=error
fi

# The web page (web/, pinned in web/package-lock.json): chessground, esbuild, typescript, and
# playwright-core for the browser tests. Installed again when the lock file is newer than the
# installed tree (npm writes node_modules/.package-lock.json), e.g. after a new dependency.
installed="$root/web/node_modules/.package-lock.json"
if [ -f "$root/web/package-lock.json" ] && { [ ! -f "$installed" ] || [ "$root/web/package-lock.json" -nt "$installed" ]; }; then
  echo "install-deps: npm ci in web"
  npm ci --prefix "$root/web" --no-audit --no-fund --loglevel=error
fi
