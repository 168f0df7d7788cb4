#!/usr/bin/env bash
# Writes scripts/release-symbol-order.txt, the order release builds lay out the demo's functions in (see
# scripts/symbol-order.py for why). Run it after changes that move a lot of code; a stale file costs only
# memory: functions it does not name are laid out after those it does, and names it has that are gone
# are ignored. SwiftPM does not know the file is an input of the link: after the file alone changes, a
# release build keeps the old layout until something else makes it link again (this script's own build
# does: its link map changes the link command).
#
#     scripts/symbol-order.sh
#
# It builds the release demo as `make demo` does, with a link map, then records under callgrind what the
# demo runs: every gallery scene presented and dismissed on virtual time, a push, the compact action
# sheet, typing, a fling, the real clock's push-and-pop and present-and-dismiss loops, and a tour of the
# gallery through XTest. Needs lld (the release flags use it where the toolchain ships it), valgrind,
# Xvfb and python-xlib (../shared/peerbench/compare.sh installs it); takes about three minutes on two
# cores. The file is replaced only when every run succeeded and the result names a few thousand functions.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind callgrind_annotate Xvfb python3; do
    command -v "$tool" >/dev/null || { echo "symbol-order: $tool is not installed" >&2; exit 1; }
done
python3 -c 'import Xlib' 2>/dev/null || { echo "symbol-order: python-xlib is not installed" >&2; exit 1; }
flags=$(scripts/release-flags.sh)
case "$flags" in
    *-use-ld=lld*) ;;
    *) echo "symbol-order: release builds do not link with lld here (see scripts/release-flags.sh)" >&2; exit 1 ;;
esac
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait || true; rm -rf "$work"' EXIT

# shellcheck disable=SC2086  # the flags are words
swift build -c release --static-swift-stdlib $flags \
    -Xlinker -Map="$work/map.txt" -Xlinker --no-demangle --product proscenium-demo
demo="$(swift build -c release --show-bin-path)/proscenium-demo"
scenes=$("$demo" --list-scenes)
[ -n "$scenes" ] || { echo "symbol-order: the demo lists no scenes" >&2; exit 1; }

# One recorded run; a failure leaves NAME.failed next to the run's output, for the check after them all.
record() {
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$1.out" "$demo" "${@:2}" \
        >"$work/$1.log" 2>&1 || touch "$work/$1.failed"
}
two_at_a_time() { while [ "$(jobs -r | wc -l)" -ge 2 ]; do wait -n || true; done; }
for scene in $scenes; do
    two_at_a_time
    record "scene-$scene" --headless --scene "$scene" --dismiss-at 0.9 --at 1.6 --screenshot "$work/$scene.png" &
done
two_at_a_time; record push --headless --scene navigation --click 640,66 --input-at 0.5 --at 1.2 --screenshot "$work/push.png" &
two_at_a_time; record compact --headless --scene action-sheet --size 600x800 --at 1.0 --screenshot "$work/compact.png" &
two_at_a_time; record typing --headless --scene rename --key x --input-at 0.8 --at 1.2 --screenshot "$work/typing.png" &
two_at_a_time; record fling --headless --scene list --drag 640,600:640,200 --input-at 0.8 --at 1.6 --screenshot "$work/fling.png" &
two_at_a_time; record live-navigation --headless --scene navigation --animate-continuously --exit-after 3 --stats &
two_at_a_time; record live-bouncy --headless --animate-continuously --exit-after 3 --stats --log-events &
wait
for failed in "$work"/*.failed; do
    [ -e "$failed" ] || continue
    run=$(basename "$failed" .failed)
    echo "symbol-order: the $run run failed:" >&2
    tail -5 "$work/$run.log" >&2
    exit 1
done
python3 scripts/symbol-order.py tour "$demo" valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$work/tour.out"
python3 scripts/symbol-order.py order "$work/map.txt" "$work"/*.out > "$work/order.txt"
mv "$work/order.txt" scripts/release-symbol-order.txt
echo "symbol-order: $(wc -l < scripts/release-symbol-order.txt) functions in scripts/release-symbol-order.txt"
