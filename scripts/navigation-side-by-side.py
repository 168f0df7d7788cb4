#!/usr/bin/env python3
"""The navigation scenario, Proscenium's `navigation` scene against the same settings list in Qt Quick's
`StackView` on the software scene graph, alternated on fresh private Xvfb servers, CPU read to the nanosecond.

    scripts/navigation-side-by-side.py [ROUNDS] [DEMO]

Each run starts `Xvfb -screen 0 1280x800x24`, launches the app, waits for its window and for it to be quiet
for 0.5 s, then, five times, clicks through XTest on the first row (640, 66), which pushes its page, counts
frames for 1 s, clicks Back (40, 22), which pops it, and counts frames for 1 s more. Both peers draw a 44-point
bar at the top with Back at its left end and 44-point rows right under it. Frames are the window's DAMAGE
notifications (one burst per frame); CPU is every thread's schedstat, of the app and of Xvfb, from the first
click to the end. It prints, per toolkit and pooled over the rounds, frames (per push and per pop too, to show
that both really animated) and app + X CPU per frame, and Proscenium's CPU per frame as a fraction of Qt's.
ROUNDS defaults to 5; DEMO to the release build. `../shared/peerbench/compare.sh` installs Qt Quick and
python-xlib. The Xvfb and DAMAGE helpers are scroll-side-by-side.py's, loaded from it.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

from Xlib import X, display as xdisplay
from Xlib.ext import damage as xdamage, xtest  # noqa: F401  (registers the extensions)

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ left in scripts/ by the two imports below
sys.path.insert(0, here)
from schedstat import task_seconds  # noqa: E402

# scroll-side-by-side.py is not an importable name (the dashes), hence the file loader; its main() only runs
# as a script.
_spec = importlib.util.spec_from_file_location("scroll_side_by_side", os.path.join(here, "scroll-side-by-side.py"))
scroll = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scroll)
start_xvfb, frames_until, quiet, W, H = scroll.start_xvfb, scroll.frames_until, scroll.quiet, scroll.W, scroll.H

ROW = (W // 2, 44 + 22)   # the first row's centre, right under the 44-point bar
BACK = (40, 22)           # Back, at the bar's left end
NAVIGATIONS = 5           # push + pop pairs per run
SETTLE = 1.0              # seconds of frames counted after each click
MIN_FRAMES = 5            # fewer after a click means it missed (a push or pop animates ~0.4 s)
QT = "Qt Quick (software)"


class RunError(RuntimeError):
    pass


def wait_for_window(d, app, log, timeout=30):
    """The app's top-level window, or RunError as soon as the app exits (with what it printed)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if app.poll() is not None:
            log.seek(0)
            said = log.read().decode(errors="replace").strip()
            raise RunError(f"exited with status {app.returncode} before opening a window"
                           + (":\n  " + "\n  ".join(said.splitlines()[-5:]) if said else ""))
        try:
            return scroll.wait_for_window(d, timeout=0.25)
        except RuntimeError:
            pass
    raise RunError(f"no window within {timeout} s")


def click(d, at):
    xtest.fake_input(d, X.MotionNotify, x=at[0], y=at[1])
    xtest.fake_input(d, X.ButtonPress, 1)
    xtest.fake_input(d, X.ButtonRelease, 1)
    d.sync()


def run(command, env):
    """One run: (frames, app CPU s, X CPU s, frames after each push, frames after each pop)."""
    server, name = start_xvfb()
    # Watching the root before the app starts, so its window's MapNotify cannot come first.
    d = xdisplay.Display(name)
    d.damage_query_version()
    d.set_error_handler(lambda error, request=None: None)
    d.screen().root.change_attributes(event_mask=X.SubstructureNotifyMask)
    d.sync()
    log = tempfile.TemporaryFile()  # the app's stderr, shown if it exits early
    app = subprocess.Popen(command, env={**os.environ, **env, "DISPLAY": name},
                           stdout=subprocess.DEVNULL, stderr=log)
    try:
        window = wait_for_window(d, app, log)
        window.damage_create(xdamage.DamageReportNonEmpty)
        d.sync()
        quiet(d, 0.5)
        cpu = [task_seconds(app.pid), task_seconds(server.pid)]
        pushes, pops = [], []
        for _ in range(NAVIGATIONS):
            click(d, ROW)
            pushes.append(frames_until(d, time.monotonic() + SETTLE))
            click(d, BACK)
            pops.append(frames_until(d, time.monotonic() + SETTLE))
        app_cpu = task_seconds(app.pid) - cpu[0]
        x_cpu = task_seconds(server.pid) - cpu[1]
        if app.poll() is not None:
            raise RunError(f"exited with status {app.returncode} during the scenario")
        return sum(pushes) + sum(pops), app_cpu, x_cpu, pushes, pops
    finally:
        d.close()
        app.terminate()
        try:
            app.wait(5)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
        log.close()
        server.terminate()
        server.wait()


def check_peers(demo, qml):
    """Stops with a clear message when either program is missing, or the demo has no `navigation` scene."""
    if not os.access(demo, os.X_OK):
        sys.exit(f"navigation-side-by-side: no demo binary at {demo} (build it first: make demo)")
    try:
        listed = subprocess.run([demo, "--list-scenes"], capture_output=True, text=True, timeout=20).stdout.split()
    except subprocess.TimeoutExpired:
        sys.exit(f"navigation-side-by-side: {demo} --list-scenes did not finish in 20 s")
    if "navigation" not in listed:
        sys.exit(f"navigation-side-by-side: the demo at {demo} has no 'navigation' scene"
                 f" (it has: {', '.join(listed) or 'none'}); rebuild it once the scene exists")
    if not os.access(qml, os.X_OK):
        sys.exit(f"navigation-side-by-side: no {qml}; ../shared/peerbench/compare.sh shows the apt packages")


def spread(counts):
    return f"{min(counts)}" if min(counts) == max(counts) else f"{min(counts)}-{max(counts)}"


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    demo = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                           os.path.join(here, "..", ".build", "release", "proscenium-demo"))
    qml = "/usr/lib/qt6/bin/qml"
    check_peers(demo, qml)
    peers = {
        "Proscenium": ([demo, "--scene", "navigation"], {}),
        QT: ([qml, os.path.join(here, "peers", "stack-view.qml")],
             {"QT_QUICK_BACKEND": "software", "QT_QUICK_CONTROLS_STYLE": "Basic"}),
    }
    totals = {name: [0, 0.0, 0.0] for name in peers}
    per_operation = {name: ([], []) for name in peers}
    for r in range(rounds):
        for name, (command, env) in peers.items():
            try:
                frames, app_cpu, x_cpu, pushes, pops = run(command, env)
            except RunError as error:
                sys.exit(f"navigation-side-by-side: {name} ({' '.join(command)}) {error}")
            totals[name] = [a + b for a, b in zip(totals[name], [frames, app_cpu, x_cpu])]
            per_operation[name][0].extend(pushes)
            per_operation[name][1].extend(pops)
            print(f"round {r + 1} {name}: {frames} frames (push {spread(pushes)}, pop {spread(pops)} each),"
                  f" app {app_cpu * 1000:.0f} ms + X {x_cpu * 1000:.0f} ms", flush=True)
            for kind, counts in (("push", pushes), ("pop", pops)):
                missed = [i + 1 for i, n in enumerate(counts) if n < MIN_FRAMES]
                if missed:
                    print(f"  warning: {name} drew fewer than {MIN_FRAMES} frames after {kind} {missed} of this run"
                          f" ({[counts[i - 1] for i in missed]}): the click at {ROW if kind == 'push' else BACK}"
                          " probably missed", flush=True)
    per_frame = {}
    for name, (frames, app_cpu, x_cpu) in totals.items():
        pushes, pops = per_operation[name]
        per_frame[name] = (app_cpu + x_cpu) / max(frames, 1) * 1000
        print(f"{name}: {frames} frames in {rounds} rounds ({sum(pushes) / len(pushes):.1f} per push,"
              f" {sum(pops) / len(pops):.1f} per pop); per frame app {app_cpu / max(frames, 1) * 1000:.2f} ms"
              f" + X {x_cpu / max(frames, 1) * 1000:.2f} ms = {per_frame[name]:.2f} ms")
    print(f"Proscenium / Qt, app + X CPU per navigation frame: {per_frame['Proscenium'] / per_frame[QT]:.2f}")


if __name__ == "__main__":
    main()
