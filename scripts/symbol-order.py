#!/usr/bin/env python3
"""The release link's symbol ordering file: the functions the demo runs, hottest first, so that the linker
puts them side by side at the start of `.text`.

    scripts/symbol-order.py order MAP CALLGRIND_OUT... > scripts/release-symbol-order.txt
    scripts/symbol-order.py tour DEMO [LAUNCHER ...]

Why: the kernel maps a program's code 64 kB at a time around each page it touches (fault-around), so a
function run once in the middle of cold code makes 64 kB of it resident. Laid out in link order, the few
thousand functions a run uses are spread over most of `.text` and keep most of it resident; side by side,
they keep only the pages they fill (see the performance page in ProsceniumX11's documentation).

`order` reads what callgrind saw run in the demo binary (`--demangle=no`, every file given) and lld's link
map of that binary (`-Xlinker -Map=MAP -Xlinker --no-demangle`), which says which input section holds each
symbol. The linker orders sections, not functions, and matches names, not addresses: a name defined in
several objects (a closure thunk, a value witness: local symbols each module emits its own copy of) orders
every section that defines it. Such a name is left out when one of its copies sits in a section nothing
else needs, such as the one `.text` of a library built without function sections, which it would pull
to the front whole. The order is by instructions executed, most first, so the code every frame runs
shares the fewest pages.

`tour` runs DEMO (under LAUNCHER, e.g. `valgrind --tool=callgrind ...`) on a private Xvfb as a user tours
the gallery, as `proscenium-bench gallery` does to measure peak memory: it clicks every `present-*` button
of the home screen through XTest, waits for the presentation to end, and dismisses it with Escape, then
ends the demo with SIGINT. Needs python-xlib. `scripts/symbol-order.sh` runs the whole profile and writes
the file.
"""
import collections
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time


def executed(callgrind_files):
    """Instructions executed per function of the profiled binary (proscenium-demo), summed over the runs."""
    cost = collections.Counter()
    for path in callgrind_files:
        out = subprocess.run(["callgrind_annotate", "--threshold=100", "--auto=no", "--inclusive=no", path],
                             capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            m = re.match(r"\s*([\d,]+) (?:\([^)]*\))?\s+(\S+) \[(.*)\]$", line)
            if not m or not m.group(3).endswith("/proscenium-demo"):
                continue
            name = m.group(2).split(":", 1)[1] if ":" in m.group(2) else m.group(2)
            name = re.sub(r"'\d+$", "", name)  # callgrind's mark for a recursive call's cycle
            if not name.startswith("0x"):
                cost[name] += int(m.group(1).replace(",", ""))
    return cost


def sections_of_symbols(map_path):
    """From an lld map: the input sections (object, section, size) that define each `.text` symbol."""
    line_re = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+( +)(.*)$")
    defined = collections.defaultdict(list)
    in_text = False
    section = None
    seen_text = False
    with open(map_path) as f:
        for line in f:
            m = line_re.match(line.rstrip("\n"))
            if not m:
                continue
            indent, what = len(m.group(2)), m.group(3)
            if indent == 1:        # an output section
                in_text = what == ".text"
                seen_text = seen_text or in_text
            elif not in_text:
                continue
            elif indent == 9:      # an input section: path(member):(section)
                section = (what, int(m.group(1), 16))
            elif section:          # a symbol in it
                defined[what].append(section)
    if not seen_text:
        sys.exit(f"symbol-order: no .text in {map_path}: not a map written by lld")
    return defined


def order(map_path, callgrind_files):
    cost = executed(callgrind_files)
    if not cost:
        sys.exit("symbol-order: the callgrind runs saw nothing run in proscenium-demo")
    defined = sections_of_symbols(map_path)
    # Sections that hold a function that ran and that no other object names the same: wanted at the front.
    needed = {sections[0] for name, sections in defined.items() if name in cost and len(sections) == 1}
    names = []
    for name, _ in cost.most_common():
        sections = defined.get(name)
        if not sections:
            continue
        # A section of one function (`.text.NAME`) costs its own size; a whole object's `.text` only
        # when something else needs it anyway.
        if all(":(.text." in section[0] or section in needed for section in sections):
            names.append(name)
    if len(names) < 1000:  # a run of the demo runs a few thousand
        sys.exit(f"symbol-order: only {len(names)} functions found in both the runs and the map")
    print("\n".join(names))


def tour(demo, launcher):
    from Xlib import X, XK, display as xdisplay
    from Xlib.ext import xtest  # noqa: F401  (registers the extension)

    # scroll-side-by-side.py's Xvfb starter (the server picks a free display); the dashes in its name
    # call for the file loader, and no __pycache__ is left in scripts/.
    sys.dont_write_bytecode = True
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("scroll_side_by_side", os.path.join(here, "scroll-side-by-side.py"))
    scroll = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scroll)

    scenes = subprocess.run([demo, "--list-scenes"], capture_output=True, text=True, check=True).stdout.split()
    server, name = scroll.start_xvfb()
    app, d = None, None
    try:
        app = subprocess.Popen(launcher + [demo, "--log-events"], env={**os.environ, "DISPLAY": name},
                               stdout=subprocess.PIPE, text=True)
        events = []

        def read():
            for line in app.stdout:
                try:
                    events.append(json.loads(line))
                except ValueError:
                    pass
        threading.Thread(target=read, daemon=True).start()

        def wait(predicate, what):
            deadline = time.time() + 120  # a demo under valgrind runs some forty times slower
            while not predicate():
                if time.time() > deadline or app.poll() is not None:
                    sys.exit(f"symbol-order: no {what} from the demo")
                time.sleep(0.05)

        def first(kind):
            return next((e for e in list(events) if e.get("type") == kind), None)

        def transitions(phase):
            return sum(1 for e in list(events) if e.get("type") == "transition" and e.get("phase") == phase)

        wait(lambda: first("ready") and first("tree"), "ready and tree events")
        window = int(first("ready")["window"], 16)
        d = xdisplay.Display(name)
        escape = d.keysym_to_keycode(XK.string_to_keysym("Escape"))
        shown = 0
        for view in first("tree")["views"]:
            if not view.get("id", "").startswith("present-"):
                continue
            x, y, w, h = view["frame"]
            xtest.fake_input(d, X.MotionNotify, x=int(x + w / 2), y=int(y + h / 2))
            xtest.fake_input(d, X.ButtonPress, 1)
            xtest.fake_input(d, X.ButtonRelease, 1)
            d.sync()
            shown += 1
            wait(lambda: transitions("presentationDidEnd") >= shown, f"end of presentation {shown}")
            # Keys go to the focused window, as proscenium-bench gallery makes sure.
            d.set_input_focus(window, X.RevertToParent, X.CurrentTime)
            xtest.fake_input(d, X.KeyPress, escape)
            xtest.fake_input(d, X.KeyRelease, escape)
            d.sync()
            wait(lambda: transitions("dismissalDidEnd") >= shown, f"end of dismissal {shown}")
        app.send_signal(signal.SIGINT)
        if app.wait(timeout=120) != 0:
            sys.exit(f"symbol-order: the demo ended with status {app.returncode}")
        if shown != len(scenes):
            sys.exit(f"symbol-order: the tour showed {shown} scenes of {len(scenes)}")
        print(f"symbol-order: toured {shown} scenes", file=sys.stderr)
    finally:
        if d is not None:
            d.close()
        if app is not None and app.poll() is None:
            app.kill()
            app.wait()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "order":
        order(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "tour":
        tour(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__.split("\n\n")[1])
