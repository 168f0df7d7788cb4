#!/usr/bin/env python3
"""A/B the CPU of the side-by-side scenario itself, demo and X server, in alternated runs, each on a fresh private Xvfb.

    scripts/present-cpu-ab.py 'A_ENV' 'B_ENV' [extra demo arguments]

The scenario of ../shared/peerbench/compare.sh, scripted by the demo on the real clock: bouncy presented at
0.5 s, dismissed at 1.5 s, quit at 2.3 s. What is measured starts at 0.45 s, after launch: the demo's CPU is
its whole run (wait4, every thread, microseconds) less what its threads had used by then
(/proc/PID/task/*/schedstat, nanoseconds), the X server's is its schedstat difference, and the frames are the
demo's --stats count less the launch frame. So one-off work a presentation does (fonts, a new shadow's mask)
counts, as it does in the harness, but without its 10 ms ticks. Each side is a comma-separated list of
environment assignments ('' is the build as it is, 'PROSCENIUM_NO_FOLDING=1' one saving off); BIN=/path runs
another build on that side. Pairs run A B, then B A. Environment: DEMO (default
.build/release/proscenium-demo), PAIRS (10). Prints milliseconds per frame, pooled over the runs (sum of CPU
over sum of frames, as the harness's table is read), and the A/B ratio.
"""
import json
import os
import subprocess
import sys
import time

demo = os.environ.get("DEMO", ".build/release/proscenium-demo")
pairs = int(os.environ.get("PAIRS", "10"))
if len(sys.argv) < 3:
    sys.exit(__doc__)
sides = {label: dict(kv.split("=", 1) for kv in text.split(",") if kv) for label, text in zip("AB", sys.argv[1:3])}
extra = sys.argv[3:]


def schedstat_seconds(pid, threads=False):
    paths = [f"/proc/{pid}/task/{t}/schedstat" for t in os.listdir(f"/proc/{pid}/task")] if threads \
        else [f"/proc/{pid}/schedstat"]
    total = 0
    for path in paths:
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # a thread that ended in between: its time is in wait4's total, not in this reading
    return total / 1e9


servers_started = 0


def start_server():
    """A fresh Xvfb, as the harness starts one per run: a server kept across runs has its heap warmed by
    the runs before (a large pixmap freed once is allocated again without page faults), which hides what
    a first presentation costs it. Each on a display number of its own: one a server has just left is
    not usable at once (its listening socket lingers a moment), and `-displayfd` hands it out again."""
    global servers_started
    servers_started += 1
    name = f":{200 + os.getpid() % 500 + servers_started}"
    server = subprocess.Popen(["Xvfb", name, "-screen", "0", "1280x800x24", "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
    for _ in range(250):
        if subprocess.run(["xdpyinfo", "-display", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            return server, name
        if server.poll() is not None:
            sys.exit(f"Xvfb {name} exited with status {server.returncode}")
        time.sleep(0.02)
    sys.exit(f"Xvfb {name} did not accept clients within 5 s")


totals = {label: [0.0, 0.0, 0] for label in "AB"}  # demo seconds, X seconds, frames
for pair in range(pairs):
    for label in ("AB" if pair % 2 == 0 else "BA"):
        xvfb, display = start_server()
        try:
            env = dict(sides[label])
            binary = env.pop("BIN", demo)
            process = subprocess.Popen([binary, "--present-at", "0.5", "--dismiss-at", "1.5", "--exit-after", "2.3",
                                        "--stats"] + extra,
                                       env=dict(os.environ, DISPLAY=display, **env),
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(0.45)
            demo_before = schedstat_seconds(process.pid, threads=True)
            server_before = schedstat_seconds(xvfb.pid)
            output = process.stdout.read()
            _, _, usage = os.wait4(process.pid, 0)
            process.returncode = 0
            server = schedstat_seconds(xvfb.pid) - server_before
            found = [json.loads(line) for line in output.splitlines() if '"stats"' in line]
            if not found:
                sys.exit(f"{binary} printed no stats on {display}: {process.stderr.read().strip()}")
            stats = found[-1]
            totals[label][0] += usage.ru_utime + usage.ru_stime - demo_before
            totals[label][1] += server
            totals[label][2] += stats["frames"] - 1
        finally:
            # Terminated, not killed: a killed server leaves its lock and socket for the next one to trip on.
            xvfb.terminate()
            xvfb.wait()

per_frame = {}
for label in "AB":
    demo_s, server_s, frames = totals[label]
    per_frame[label] = (1000 * demo_s / frames, 1000 * server_s / frames)
    print(f"{label}: {frames} frames; ms per frame: demo {per_frame[label][0]:.3f}, X {per_frame[label][1]:.3f}, "
          f"total {sum(per_frame[label]):.3f}")
print(f"A/B: demo {per_frame['A'][0] / per_frame['B'][0]:.3f}, X {per_frame['A'][1] / per_frame['B'][1]:.3f}, "
      f"total {sum(per_frame['A']) / sum(per_frame['B']):.3f}")
