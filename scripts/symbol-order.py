#!/usr/bin/env python3
"""The release link's symbol ordering file: the functions the demo runs, hottest first, so that the linker
puts them side by side at the start of `.text`.

    scripts/symbol-order.py order MAP CALLGRIND_OUT... > scripts/release-symbol-order.txt
    scripts/symbol-order.py tour DEMO [LAUNCHER ...]

Why: the kernel maps a program's code 64 kB at a time around each page it touches (fault-around), so a
function run once in the middle of cold code makes 64 kB of it resident. Laid out in link order, the few
thousand functions a run uses are spread over most of the 11 MB of `.text`, and most of it ends up
resident; side by side, they make up about 3 MB.

`order` reads what callgrind saw run in the demo binary (`--demangle=no`, every file given) and lld's link
map of that binary (`-Xlinker -Map=MAP -Xlinker --no-demangle`), which says which input section holds each
symbol. The linker orders sections, not functions, and matches names, not addresses: a name defined in
several objects (a closure thunk, a value witness: local symbols each module emits its own copy of) orders
every section that defines it. Such a name is left out when one of its copies sits in a section nothing
else needs, such as the one `.text` of a library built without function sections, which it would pull
to the front whole. The order is by instructions executed, most first, so the code every frame runs
shares the fewest pages.

`tour` runs DEMO (under LAUNCHER, e.g. `valgrind --tool=callgrind ...`) on a private Xvfb as a user tours
the gallery: it clicks every `present-*` button of the home screen through XTest, waits for the
presentation to end, and dismisses it with Escape, then ends the demo with SIGINT. Needs python-xlib.
`scripts/symbol-order.sh` runs the whole profile and writes the file.
"""
import collections
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
    with open(map_path) as f:
        for line in f:
            m = line_re.match(line.rstrip("\n"))
            if not m:
                continue
            indent, what = len(m.group(2)), m.group(3)
            if indent == 1:        # an output section
                in_text = what == ".text"
            elif not in_text:
                continue
            elif indent == 9:      # an input section: path(member):(section)
                section = (what, int(m.group(1), 16))
            elif section:          # a symbol in it
                defined[what].append(section)
    return defined


def order(map_path, callgrind_files):
    cost = executed(callgrind_files)
    defined = sections_of_symbols(map_path)
    # Sections that hold a function that ran and that no other object names the same: wanted at the front.
    needed = {sections[0] for name, sections in defined.items() if name in cost and len(sections) == 1}
    for name, _ in cost.most_common():
        sections = defined.get(name)
        if not sections:
            continue
        # A section of one function (`.text.NAME`) costs its own size; a whole object's `.text` only
        # when something else needs it anyway.
        if all(":(.text." in section[0] or section in needed for section in sections):
            print(name)


def tour(demo, launcher):
    from Xlib import X, XK, display as xdisplay
    from Xlib.ext import xtest  # noqa: F401  (registers the extension)

    number = 150 + os.getpid() % 200
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        env = {**os.environ, "DISPLAY": f":{number}"}
        app = subprocess.Popen(launcher + [demo, "--log-events"], env=env, stdout=subprocess.PIPE, text=True)
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
            while not any(predicate(e) for e in list(events)):
                if time.time() > deadline or app.poll() is not None:
                    raise SystemExit(f"symbol-order: no {what} from the demo")
                time.sleep(0.05)

        def transitions(phase):
            return sum(1 for e in list(events) if e["type"] == "transition" and e.get("phase") == phase)

        wait(lambda e: e["type"] == "tree", "tree event")
        tree = next(e for e in events if e["type"] == "tree")
        d = xdisplay.Display(f":{number}")
        escape = d.keysym_to_keycode(XK.string_to_keysym("Escape"))
        shown = 0
        for view in tree["views"]:
            if not view.get("id", "").startswith("present-"):
                continue
            x, y, w, h = view["frame"]
            xtest.fake_input(d, X.MotionNotify, x=int(x + w / 2), y=int(y + h / 2))
            xtest.fake_input(d, X.ButtonPress, 1)
            xtest.fake_input(d, X.ButtonRelease, 1)
            d.sync()
            shown += 1
            wait(lambda e: transitions("presentationDidEnd") >= shown, f"end of presentation {shown}")
            xtest.fake_input(d, X.KeyPress, escape)
            xtest.fake_input(d, X.KeyRelease, escape)
            d.sync()
            wait(lambda e: transitions("dismissalDidEnd") >= shown, f"end of dismissal {shown}")
        app.send_signal(signal.SIGINT)
        app.wait(timeout=120)
        print(f"symbol-order: toured {shown} scenes", file=sys.stderr)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "order":
        order(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "tour":
        tour(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__.split("\n\n")[1])
