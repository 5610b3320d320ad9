#!/usr/bin/env bash
# Evidence capture and the crawler's screenshots use Debian's Chromium (never a downloaded browser). `npm start`
# installs it when it is missing and the machine lets us (root with apt-get); otherwise it says how, and the portal
# still starts: captures then fail with their reason until Chromium is there.
set -uo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's Chromium for evidence capture (apt-get install chromium)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null && exit 0
  echo "Could not install Chromium; evidence capture will fail until it is installed." >&2
else
  echo "Chromium not found at $CHROMIUM: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH) to capture evidence." >&2
fi
exit 0
