#!/usr/bin/env bash
# Renders the same demo frame on Xvfb (RENDER done by pixman) and on Xephyr -glamor (RENDER done with
# OpenGL, as on most Intel and AMD desktops; Mesa's software GL is enough), nested in that Xvfb, and counts
# the pixels that differ.
#
#     scripts/glamor-compare.sh [DEMO ARGUMENTS...]
#
# The arguments go to proscenium-demo (default: --scene sheet --at 0.1, a popover scaling in); --screenshot
# is added. $DEMO names the demo binary (default .build/debug/proscenium-demo), $TOLERANCE the channel
# difference above which a pixel counts as a mismatch (default 4: glamor blends with 16-bit alpha, pixman
# with 8, and filters scaled layers more finely, so up to 3 levels apart is normal), $ALLOWED how many
# mismatches pass (default 8: glamor draws a line's glyphs one by one, ignoring the run's mask format, so
# where two glyphs of text drawn straight into the window overlap they combine differently, as the "r" and
# "t" of the home screen's bold "Alert" do in 3 pixels). Both frames and the diff's summary stay in $OUT
# (default a temporary directory). Exits 1 when more than $ALLOWED pixels differ by more than the tolerance.
set -euo pipefail
cd "$(dirname "$0")/.."
demo="${DEMO:-.build/debug/proscenium-demo}"
tolerance="${TOLERANCE:-4}"
allowed="${ALLOWED:-8}"
[ -x "$demo" ] || { echo "no demo at $demo: build it first (swift build --product proscenium-demo)" >&2; exit 2; }
command -v Xephyr >/dev/null || { echo "no Xephyr: apt-get install xserver-xephyr" >&2; exit 2; }
[ $# -gt 0 ] || set -- --scene sheet --at 0.1
out="${OUT:-$(mktemp -d /tmp/glamor-compare.XXXXXX)}"
mkdir -p "$out"

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

# Starts an X server with -displayfd (in this shell, so that cleanup knows it) and sets the variable named
# by the first argument to its display number once it accepts connections.
start_server() {
    local variable="$1" log="$2"; shift 2
    local fifo number
    fifo="$(mktemp -u "$out/displayfd.XXXXXX")"
    mkfifo "$fifo"
    "$@" -displayfd 3 3>"$fifo" >"$log" 2>&1 &
    pids+=($!)
    read -r number <"$fifo" || { echo "$* did not start; its log:" >&2; cat "$log" >&2; exit 2; }
    rm -f "$fifo"
    printf -v "$variable" '%s' "$number"
}

start_server host "$out/xvfb.log" Xvfb -screen 0 1920x1200x24 -nolisten tcp -noreset
start_server glamor "$out/xephyr.log" \
    env DISPLAY=":$host" Xephyr -glamor -glamor-skip-present -screen 1920x1200x24 -nolisten tcp -noreset

DISPLAY=":$host" "$demo" --screenshot "$out/xvfb.png" "$@"
DISPLAY=":$glamor" "$demo" --screenshot "$out/glamor.png" "$@"

python3 - "$out/xvfb.png" "$out/glamor.png" "$tolerance" "$allowed" <<'EOF' | tee "$out/summary.txt"
import struct, sys, zlib

def read(path):
    """8-bit RGB or RGBA PNG (what the demo writes) as (width, height, bytes per pixel, pixels)."""
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unexpected PNG format"
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    pixels, previous = bytearray(), bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = previous[x]
                c = previous[x - bpp] if x >= bpp else 0
                if kind == 1:
                    line[x] = (line[x] + a) & 255
                elif kind == 3:
                    line[x] = (line[x] + (a + b) // 2) & 255
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels += line
        previous = line
    return width, height, bpp, pixels

(w, h, ba, a), (w2, h2, bb, b) = read(sys.argv[1]), read(sys.argv[2])
tolerance, allowed = int(sys.argv[3]), int(sys.argv[4])
if (w, h) != (w2, h2):
    sys.exit(f"sizes differ: {w}x{h} on Xvfb, {w2}x{h2} on glamor")
differing = beyond = worst = 0
box = None
for i in range(w * h):
    d = max(abs(a[i * ba + k] - b[i * bb + k]) for k in range(3))
    if d:
        differing += 1
        worst = max(worst, d)
    if d > tolerance:
        beyond += 1
        x, y = i % w, i // w
        box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)) if box else (x, y, x, y)
print(f"{differing} pixels differ, by at most {worst}; {beyond} by more than {tolerance}"
      + (f", within x {box[0]}...{box[2]}, y {box[1]}...{box[3]}" if box else ""))
sys.exit(1 if beyond > allowed else 0)
EOF
