#!/usr/bin/env python3
"""A/B the CPU a bouncy frame costs, demo and X server, in alternated runs on one private Xvfb.

    scripts/frame-cpu-ab.py 'A_ENV' 'B_ENV' [extra demo arguments]

Each side is a comma-separated list of environment assignments for the demo, e.g. '' (as built) against
'PROSCENIUM_NO_FOLDING=1'; BIN=/path/to/proscenium-demo runs another build on that side. Pairs run A B, then
B A, and so on, each the demo animating bouncy continuously for SECS seconds (--stats gives its frame
count). The X server's CPU comes from /proc/PID/schedstat (nanoseconds), the demo's from wait4: no 10 ms
ticks. Prints each run's milliseconds per frame, the medians, and the A/B ratio pair by pair — quote those,
the machine's speed drifts between pairs. Environment: DEMO (default .build/release/proscenium-demo),
SIZE (1280x800), SECS (5), PAIRS (6).
"""
import json
import os
import statistics
import subprocess
import sys

demo = os.environ.get("DEMO", ".build/release/proscenium-demo")
size = os.environ.get("SIZE", "1280x800")
seconds = float(os.environ.get("SECS", "5"))
pairs = int(os.environ.get("PAIRS", "6"))
if len(sys.argv) < 3:
    sys.exit(__doc__)
sides = {label: dict(kv.split("=", 1) for kv in text.split(",") if kv) for label, text in zip("AB", sys.argv[1:3])}
extra = sys.argv[3:]


def server_seconds(pid):
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e9


read_end, write_end = os.pipe()
xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", size + "x24", "-nolisten", "tcp"],
                        pass_fds=[write_end], stderr=subprocess.DEVNULL)
os.close(write_end)
display = ":" + os.read(read_end, 100).decode().strip()
runs = {"A": [], "B": []}
try:
    for pair in range(pairs):
        for label in ("AB" if pair % 2 == 0 else "BA"):
            env = dict(sides[label])
            binary = env.pop("BIN", demo)
            before = server_seconds(xvfb.pid)
            process = subprocess.Popen([binary, "--scene", "bouncy", "--size", size, "--animate-continuously",
                                        "--exit-after", str(seconds), "--stats"] + extra,
                                       env=dict(os.environ, DISPLAY=display, **env),
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            output = process.stdout.read()
            _, _, usage = os.wait4(process.pid, 0)
            process.returncode = 0
            server = server_seconds(xvfb.pid) - before
            stats = [json.loads(line) for line in output.splitlines() if '"stats"' in line][-1]
            frames = stats["frames"]
            runs[label].append(((usage.ru_utime + usage.ru_stime) / frames * 1000, server / frames * 1000))
finally:
    xvfb.kill()

for label in "AB":
    demo_ms = [d for d, _ in runs[label]]
    server_ms = [x for _, x in runs[label]]
    print(f"{label}: X ms/frame {' '.join(f'{x:.3f}' for x in server_ms)}; medians: demo {statistics.median(demo_ms):.3f}, "
          f"X {statistics.median(server_ms):.3f}, total {statistics.median([d + x for d, x in runs[label]]):.3f}")
total = [(a[0] + a[1]) / (b[0] + b[1]) for a, b in zip(runs["A"], runs["B"])]
server = [a[1] / b[1] for a, b in zip(runs["A"], runs["B"])]
print(f"A/B per pair, total: {' '.join(f'{r:.2f}' for r in total)} (median {statistics.median(total):.3f}); "
      f"X server: median {statistics.median(server):.3f}")
