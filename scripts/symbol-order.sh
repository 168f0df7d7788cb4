#!/usr/bin/env bash
# Writes scripts/release-symbol-order.txt, the order release builds lay out the demo's functions in (see
# scripts/symbol-order.py for why). Run it after changes that move a lot of code; a stale file costs only
# memory: functions it does not name are laid out after those it does, and names it has that are gone
# are ignored.
#
#     scripts/symbol-order.sh
#
# It builds the release demo as `make demo` does, with a link map, then records under callgrind what the
# demo runs: every gallery scene presented and dismissed on virtual time, a push, the compact action
# sheet, typing, a fling, the real clock's push-and-pop and present-and-dismiss loops, and a tour of the
# gallery through XTest. Needs valgrind, Xvfb and python-xlib (../shared/peerbench/compare.sh installs it);
# takes about three minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind callgrind_annotate Xvfb; do
    command -v "$tool" >/dev/null || { echo "symbol-order: $tool is not installed" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck disable=SC2046  # the flags are words
swift build -c release --static-swift-stdlib $(scripts/release-flags.sh) \
    -Xlinker -Map="$work/map.txt" -Xlinker --no-demangle --product proscenium-demo
demo="$(swift build -c release --show-bin-path)/proscenium-demo"

record() {
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$1.out" "$demo" "${@:2}" >/dev/null 2>&1 \
        || { echo "symbol-order: the demo failed: proscenium-demo ${*:2}" >&2; return 1; }
}
two_at_a_time() { if [ "$(jobs -r | wc -l)" -ge 2 ]; then wait -n; fi; }
for scene in $("$demo" --list-scenes); do
    record "scene-$scene" --headless --scene "$scene" --dismiss-at 0.9 --at 1.6 --screenshot "$work/$scene.png" &
    two_at_a_time
done
record push --headless --scene navigation --click 640,66 --input-at 0.5 --at 1.2 --screenshot "$work/push.png" &
two_at_a_time
record compact --headless --scene action-sheet --size 600x800 --at 1.0 --screenshot "$work/compact.png" &
two_at_a_time
record typing --headless --scene rename --key x --input-at 0.8 --at 1.2 --screenshot "$work/typing.png" &
two_at_a_time
record fling --headless --scene list --drag 640,600:640,200 --input-at 0.8 --at 1.6 --screenshot "$work/fling.png" &
two_at_a_time
record live-navigation --headless --scene navigation --animate-continuously --exit-after 3 --stats &
two_at_a_time
record live-bouncy --headless --animate-continuously --exit-after 3 --stats --log-events &
wait
python3 scripts/symbol-order.py tour "$demo" valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/tour.out"
python3 scripts/symbol-order.py order "$work/map.txt" "$work"/*.out > scripts/release-symbol-order.txt
echo "symbol-order: $(wc -l < scripts/release-symbol-order.txt) functions in scripts/release-symbol-order.txt"
