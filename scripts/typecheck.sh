#!/usr/bin/env bash
# The typecheck: the web app (DOM, JSX) and everything else (tsconfig.check.json: contract, server, API client,
# journeys, benchmarks in one program, so the server is checked once) side by side on the two cores.
# Fails if either fails; both print their errors.
set -u
cd "$(dirname "$0")/.."
tsc -p tsconfig.check.json & node_side=$!
tsc -p packages/web & web_side=$!
status=0
wait "$node_side" || status=1
wait "$web_side" || status=1
exit "$status"
