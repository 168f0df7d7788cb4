#!/usr/bin/env python3
"""The scroll scenario, Proscenium's `list` scene against the same list in Qt Quick's `ListView` on the
software scene graph, alternated on fresh private Xvfb servers, CPU read to the nanosecond.

    scripts/scroll-side-by-side.py [ROUNDS] [DEMO]

Each run starts `Xvfb -screen 0 1280x800x24`, launches the app, waits for its window and for it to be quiet,
then scrolls as a user does, through XTest: a fling (the pointer dragged 300 px up in 0.2 s and let go),
2.5 s for it to come to rest, then 30 wheel notches 50 ms apart and 1 s more. Frames are the window's
DAMAGE notifications (one burst per frame); CPU is every thread's schedstat, of the app and of Xvfb, from
the press to the end. It prints, per toolkit and pooled over the rounds, frames and app + X CPU per frame,
and Proscenium's CPU per frame as a fraction of Qt's. ROUNDS defaults to 5; DEMO to the release build.
`../shared/peerbench/compare.sh` installs Qt Quick and python-xlib.
"""
import os
import select
import subprocess
import sys
import time

from Xlib import X, display as xdisplay
from Xlib.ext import damage as xdamage, xtest  # noqa: F401  (registers the extensions)

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from schedstat import task_seconds  # noqa: E402
W, H = 1280, 800


def start_xvfb():
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{W}x{H}x24", "-nolisten", "tcp",
                               "-noreset"], pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    os.close(read)
    return server, ":" + number.decode().strip()


def wait_for_window(d, timeout=30):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        while d.pending_events():
            event = d.next_event()
            if event.type == X.MapNotify and not event.override:
                try:
                    if event.window.get_geometry().width >= 100:
                        return event.window
                except Exception:  # gone already
                    pass
        select.select([d.fileno()], [], [], 0.05)
    raise RuntimeError("no window")


def frames_until(d, deadline, gap=0.004):
    """Damage bursts on the watched window until `deadline` (monotonic): one per frame."""
    frames, last = 0, None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return frames
        while d.pending_events():
            event = d.next_event()
            if event.type == d.extension_event.DamageNotify:
                d.damage_subtract(event.damage)
                stamp = time.monotonic()
                if last is None or stamp - last >= gap:
                    frames += 1
                last = stamp
        select.select([d.fileno()], [], [], min(left, 0.05))


def quiet(d, seconds):
    """Waits until the window has not been damaged for `seconds`."""
    end = time.monotonic() + 20
    while time.monotonic() < end:
        if frames_until(d, time.monotonic() + seconds) == 0:
            return
    raise RuntimeError("the window never stopped drawing")


def run(command, env):
    server, name = start_xvfb()
    # Watching the root before the app starts, so its window's MapNotify cannot come first.
    d = xdisplay.Display(name)
    d.damage_query_version()
    d.set_error_handler(lambda error, request=None: None)
    d.screen().root.change_attributes(event_mask=X.SubstructureNotifyMask)
    d.sync()
    app = subprocess.Popen(command, env={**os.environ, **env, "DISPLAY": name},
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = wait_for_window(d)
        window.damage_create(xdamage.DamageReportNonEmpty)
        d.sync()
        quiet(d, 0.5)
        x, y = W // 2, 600
        cpu = [task_seconds(app.pid), task_seconds(server.pid)]
        start = time.monotonic()
        xtest.fake_input(d, X.MotionNotify, x=x, y=y)
        xtest.fake_input(d, X.ButtonPress, 1)
        d.sync()
        frames = 0
        for step in range(1, 13):
            frames += frames_until(d, start + step * 0.0167)
            xtest.fake_input(d, X.MotionNotify, x=x, y=y - step * 25)
            d.sync()
        xtest.fake_input(d, X.ButtonRelease, 1)
        d.sync()
        frames += frames_until(d, time.monotonic() + 2.5)
        for _ in range(30):
            xtest.fake_input(d, X.ButtonPress, 5)
            xtest.fake_input(d, X.ButtonRelease, 5)
            d.sync()
            frames += frames_until(d, time.monotonic() + 0.05)
        frames += frames_until(d, time.monotonic() + 1.0)
        app_cpu = task_seconds(app.pid) - cpu[0]
        x_cpu = task_seconds(server.pid) - cpu[1]
        return frames, app_cpu, x_cpu
    finally:
        d.close()
        app.terminate()
        try:
            app.wait(5)
        except subprocess.TimeoutExpired:
            app.kill()
        server.terminate()
        server.wait()


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    demo = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", ".build", "release", "proscenium-demo")
    peers = {
        "Proscenium": ([demo, "--scene", "list"], {}),
        "Qt Quick (software)": (["/usr/lib/qt6/bin/qml", os.path.join(here, "peers", "scroll-list.qml")],
                                {"QT_QUICK_BACKEND": "software"}),
    }
    totals = {name: [0, 0.0, 0.0] for name in peers}
    for r in range(rounds):
        for name, (command, env) in peers.items():
            frames, app_cpu, x_cpu = run(command, env)
            totals[name] = [a + b for a, b in zip(totals[name], [frames, app_cpu, x_cpu])]
            print(f"round {r + 1} {name}: {frames} frames, app {app_cpu * 1000:.0f} ms + X {x_cpu * 1000:.0f} ms", flush=True)
    per_frame = {}
    for name, (frames, app_cpu, x_cpu) in totals.items():
        per_frame[name] = (app_cpu + x_cpu) / max(frames, 1) * 1000
        print(f"{name}: {frames} frames in {rounds} rounds; per frame app {app_cpu / max(frames, 1) * 1000:.2f} ms"
              f" + X {x_cpu / max(frames, 1) * 1000:.2f} ms = {per_frame[name]:.2f} ms")
    print(f"Proscenium / Qt, app + X CPU per scrolled frame: {per_frame['Proscenium'] / per_frame['Qt Quick (software)']:.2f}")


if __name__ == "__main__":
    main()
