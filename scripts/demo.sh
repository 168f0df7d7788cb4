#!/usr/bin/env bash
# Runs the gallery on $DISPLAY, or, with no usable display, renders every scene headless on virtual time
# into artifacts/demo/ and says where. Arguments are passed on to proscenium-demo (see its --help).
set -euo pipefail
cd "$(dirname "$0")/.."
demo=".build/release/proscenium-demo"

if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
    exec "$demo" "$@"
fi

out="artifacts/demo"
mkdir -p "$out"
echo "No X display found: rendering each scene on a private Xvfb (--headless)"
for scene in $("$demo" --list-scenes); do
    "$demo" --headless --scene "$scene" --screenshot "$out/$scene.png" "$@"
done
echo "Screenshots written to $(pwd)/$out/: one PNG per scene, settled at t = 2 s"
