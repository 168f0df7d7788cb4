#!/usr/bin/env bash
# Runs the demo on $DISPLAY, or, with no usable display, under a private Xvfb: there it clicks once,
# waits for the scene to settle and writes a screenshot, then says where.
set -euo pipefail
cd "$(dirname "$0")/.."
demo=".build/release/proscenium-demo"

if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
    exec "$demo" "$@"
fi

out="artifacts/demo"
mkdir -p "$out"
fdfile=$(mktemp)
Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp >"$fdfile" 2>"$out/xvfb.log" &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -f "$fdfile"' EXIT
for _ in $(seq 100); do [ -s "$fdfile" ] && break; sleep 0.05; done
[ -s "$fdfile" ] || { echo "Xvfb did not start; see $out/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -n1 "$fdfile")"
echo "No X display found: running the demo under a private Xvfb on $DISPLAY"

"$demo" --screenshot "$out/start.png" "$@"
"$demo" --click 640,600 --screenshot "$out/after-click.png" "$@"
echo "Screenshots written to $(pwd)/$out/: start.png (the scene) and after-click.png (after one click, at rest)"
