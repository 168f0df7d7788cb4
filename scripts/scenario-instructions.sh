#!/usr/bin/env bash
# The side-by-side scenario counted in instructions: the X server's and the demo's, each under callgrind.
#
#     scripts/scenario-instructions.sh [DEMO] [ENV=VALUE ...]
#
# This machine's speed swings by a third within the hour, so CPU times of two builds only compare in many
# alternated runs; instruction counts are the same run after run (within 0.5 %). The demo runs on virtual
# time (`--screenshot`, every frame at 60 Hz, as many as the real clock would show) against an Xvfb that runs
# under callgrind too, presenting bouncy at 0.5 s and dismissing it at 1.5 s. Each figure is a run to
# $TO (default 2.2 s, the end of the dismissal) less a run to $FROM (default 0.45 s, launch and the home
# screen), in millions of instructions: X server, demo, both. Instructions are not time (a fill of cold
# memory costs more than its instructions say), but a change that removes pixel work removes both.
# ENV=VALUE pairs go to the demo's environment, e.g. PROSCENIUM_NO_FOLDING=1. Needs valgrind and xdpyinfo.
set -euo pipefail
demo=${1:-.build/release/proscenium-demo}
shift || true
for tool in valgrind Xvfb xdpyinfo; do
    command -v "$tool" >/dev/null || { echo "scenario-instructions: $tool is not installed" >&2; exit 1; }
done
[ -x "$demo" ] || { echo "scenario-instructions: no demo binary at $demo (make bench builds it)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints "X DEMO" instructions for one run to virtual time $1.
run() {
    local at=$1 display=:$((200 + RANDOM % 300))
    valgrind --tool=callgrind --callgrind-out-file="$work/x.out" Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp \
        >/dev/null 2>&1 &
    local server=$!
    for _ in $(seq 1 150); do DISPLAY=$display xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
    env "${@:2}" DISPLAY="$display" valgrind --tool=callgrind --callgrind-out-file="$work/d.out" "$demo" \
        --screenshot "$work/shot.png" --present-at 0.5 --dismiss-at 1.5 --at "$at" >/dev/null 2>&1
    kill "$server"
    wait "$server" 2>/dev/null || true
    echo "$(awk '/^(summary|totals):/ {print $2; exit}' "$work/x.out") $(awk '/^(summary|totals):/ {print $2; exit}' "$work/d.out")"
}

read -r x0 d0 <<< "$(run "${FROM:-0.45}" "$@")"
read -r x1 d1 <<< "$(run "${TO:-2.2}" "$@")"
awk -v x="$((x1 - x0))" -v d="$((d1 - d0))" 'BEGIN { printf "X server %.1fM, demo %.1fM, both %.1fM instructions\n", x / 1e6, d / 1e6, (x + d) / 1e6 }'
