#!/usr/bin/env python3
"""The side-by-side harness's scenario, Proscenium against Qt Quick's software renderer, with CPU read to the
nanosecond instead of in 10 ms ticks.

    scripts/side-by-side-precise.py [ROUNDS] [DEMO]

`../shared/peerbench/compare.sh` reads each process's CPU from /proc/PID/stat, in ticks of 10 ms: our whole
2 s scenario is 4 or 5 ticks per process, so one run's ratio moves by 0.1 whatever the code does. This runs
the same harness (imported from ../shared/peerbench, or $PEERBENCH), the same scenario and the same peer,
alternating them ROUNDS times (default 8), but sums /proc/PID/task/*/schedstat (nanoseconds, every thread)
for the app tree and for Xvfb. It prints, pooled over the rounds (sum of CPU over sum of presented frames,
as compare.sh's table is read), app and X server CPU per frame for each and the ratio compare.sh's line
is judged by. Run compare.sh once first: it installs the Qt peer and python-xlib.
"""
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from schedstat import task_seconds  # noqa: E402
bench_dir = os.environ.get("PEERBENCH", os.path.join(here, "..", "..", "shared", "peerbench"))
sys.path.insert(0, bench_dir)
import peerbench  # noqa: E402


peerbench.tree_cpu_s = lambda root: sum(task_seconds(pid) for pid in peerbench.descendants(root))
peerbench.proc_cpu_s = task_seconds

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 8
demo = os.path.realpath(sys.argv[2] if len(sys.argv) > 2 else ".build/release/proscenium-demo")
qml = "/usr/lib/qt6/bin/qml"
if not os.access(demo, os.X_OK):
    sys.exit(f"no demo binary at {demo}: build it first (make bench)")
if not os.access(qml, os.X_OK):
    sys.exit("the Qt peer is not installed: run ../shared/peerbench/compare.sh once")

# Where the demo's present-bouncy button is, as compare.sh finds it.
tree = subprocess.run([demo, "--headless", "--log-events", "--exit-after", "0.3"], capture_output=True, text=True).stdout
frames = next(json.loads(line)["views"] for line in tree.splitlines() if '"type":"tree"' in line.replace(" ", ""))
f = next(v["frame"] for v in frames if v["id"] == "present-bouncy")
present_at = f"{int(f[0] + f[2] / 2)},{int(f[1] + f[3] / 2)}"

work = tempfile.mkdtemp(prefix="side-by-side-")
os.environ.setdefault("XDG_RUNTIME_DIR", os.path.join(work, "xdg"))
os.makedirs(os.environ["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
sides = {
    "proscenium": ["--ready-probe", "none", "--present-at", present_at, "--dismiss-key", "Escape", "--", demo],
    "qt6-software": ["--env", "QT_QUICK_CONTROLS_STYLE=Basic", "--env", "QT_QUICK_BACKEND=software", "--",
                     qml, os.path.join(bench_dir, "peers", "qt", "present.qml")],
}
totals = {label: [0.0, 0.0, 0] for label in sides}  # app s, X s, frames
for r in range(rounds):
    for label, arguments in sides.items():
        out = os.path.join(work, f"{label}-{r}.json")
        sys.argv = ["peerbench", "--runs", "1", "--label", label, "--json", out] + arguments
        with open(os.devnull, "w") as quiet:
            saved = sys.stdout, sys.stderr
            sys.stdout = sys.stderr = quiet
            try:
                peerbench.main()
            except SystemExit as exit:
                if exit.code:
                    sys.stdout, sys.stderr = saved
                    sys.exit(f"{label}: the harness failed (see {out})")
            finally:
                sys.stdout, sys.stderr = saved
        with open(out) as file:
            run = json.load(file)["runs"][0]
        totals[label][0] += run["app_cpu_scenario_s"]
        totals[label][1] += run["xvfb_cpu_scenario_s"]
        totals[label][2] += run["present_frames"] + run["dismiss_frames"]
    print(f"round {r + 1} of {rounds} done", file=sys.stderr)

per_frame = {}
for label, (app, server, count) in totals.items():
    per_frame[label] = 1000 * (app + server) / count
    print(f"{label}: {count} frames; ms per frame: app {1000 * app / count:.3f}, X {1000 * server / count:.3f}, "
          f"total {per_frame[label]:.3f}")
print(f"proscenium / qt6-software, app + X per frame: {per_frame['proscenium'] / per_frame['qt6-software']:.3f}")
