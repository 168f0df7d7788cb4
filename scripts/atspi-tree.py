#!/usr/bin/python3
"""Reads an application through AT-SPI with pyatspi, as a screen reader does, and prints its tree as JSON.

    atspi-tree.py APP [--press NAME] [--wait SECONDS] [--hostile]

Waits up to --wait seconds (default 10) for APP on the desktop, then prints one JSON object: the tree from
the application down, each node with name, description, role, states, interfaces, extents (screen and
window), whether it contains a point just inside it given relative to its parent, and children. With
--press NAME it then runs action 0 of the first node named NAME and prints {"pressed": ...}. With --hostile
it then sends the application malformed and hostile calls straight over D-Bus (wrong
signatures, unknown paths, interfaces and methods, huge and negative indices) and prints {"hostile": [...]},
each call with the error name it got or "answered". With --text ROLE it prints {"text": ...}: the Text
interface of the first node of that role (text, character count, caret, selections, pieces at offset 0,
the first character's extents) and, for editable text, EditableText's answer to inserting "!" at the end.
With --value ID NUMBER it reads the Value interface of the node whose id attribute is ID and sets it to
NUMBER, printing {"value": ...}. With --select INDEX it selects row INDEX of the first list through
Selection and prints {"selection": ...}. With --find it searches the window through Collection for the
push buttons showing and prints {"found": [names]}. With --listen SECONDS it prints {"listening": true},
then each text, caret, value, state and children event the application sends as {"event": {...}} the
moment it arrives, until SECONDS have passed or its standard input, if a pipe, closes: whoever reads it
stops it once it has heard what it waits for. Exit status 2 when the application never appears.
"""
import json
import os
import stat
import sys
import time

import pyatspi

args = sys.argv[1:]
app_name = args[0]
press = args[args.index("--press") + 1] if "--press" in args else None
wait = float(args[args.index("--wait") + 1]) if "--wait" in args else 10.0


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == app_name:
            return app
    return None


def describe(node, depth=0):
    entry = {
        "name": node.name,
        "description": node.description,
        "role": node.getRoleName(),
        "states": sorted(pyatspi.stateToString(state) for state in node.getState().getStates()),
        "interfaces": sorted(pyatspi.listInterfaces(node)),
    }
    if "Component" in entry["interfaces"]:
        component = node.queryComponent()
        entry["screen"] = list(component.getExtents(pyatspi.DESKTOP_COORDS))
        entry["window"] = list(component.getExtents(pyatspi.WINDOW_COORDS))
        # A point just inside, relative to the parent (AT-SPI's coordinate type 2), as a screen reader's
        # review cursor asks.
        parent = component.getExtents(2)
        entry["contains_in_parent"] = bool(component.contains(parent.x + 1, parent.y + 1, 2))
    if "Action" in entry["interfaces"]:
        action = node.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    if depth < 12:
        entry["children"] = [describe(node.getChildAtIndex(i), depth + 1) for i in range(node.childCount)]
    return entry


def first(node, matches):
    """The first node from `node` down, depth first, for which `matches` is true; None when none is."""
    if matches(node):
        return node
    for index in range(node.childCount):
        found = first(node.getChildAtIndex(index), matches)
        if found is not None:
            return found
    return None


def first_of_role(node, role):
    return first(node, lambda candidate: candidate.getRoleName() == role)


def read_text(app, role):
    node = first_of_role(app, role)
    if node is None:
        return None
    text = node.queryText()
    result = {
        "name": node.name,
        "text": text.getText(0, -1),
        "count": text.characterCount,
        "caret": text.caretOffset,
        "selections": [list(text.getSelection(i)) for i in range(text.getNSelections())],
        "word": list(text.getTextAtOffset(0, pyatspi.TEXT_BOUNDARY_WORD_START)),
        "char": list(text.getTextAtOffset(0, pyatspi.TEXT_BOUNDARY_CHAR)),
        "line": list(text.getTextAtOffset(0, pyatspi.TEXT_BOUNDARY_LINE_START)),
        "extents": list(text.getCharacterExtents(0, pyatspi.WINDOW_COORDS)),
        "extents_end": list(text.getRangeExtents(0, text.characterCount, pyatspi.WINDOW_COORDS)),
        "node_extents": list(node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
    }
    if "EditableText" in pyatspi.listInterfaces(node):
        result["inserted"] = bool(node.queryEditableText().insertText(text.characterCount, "!", 1))
    return result


def read_value(app, identifier, number):
    node = first(app, lambda candidate: ("id:" + identifier) in candidate.getAttributes())
    if node is None:
        return None
    value = node.queryValue()
    result = {"name": node.name, "role": node.getRoleName(), "minimum": value.minimumValue,
              "maximum": value.maximumValue, "increment": value.minimumIncrement, "current": value.currentValue}
    try:
        value.currentValue = number
        result["set"] = True
    except Exception as error:  # a value that cannot be set answers with an error
        result["set"] = str(error)
    return result


def select_row(app, index):
    node = first_of_role(app, "list")
    if node is None:
        return None
    selection = node.querySelection()
    before = selection.nSelectedChildren
    selected = bool(selection.selectChild(index))
    # The row is selected on the application's next turn: wait for it, up to 5 s.
    deadline = time.time() + 5
    while selected and selection.nSelectedChildren == before and time.time() < deadline:
        time.sleep(0.05)
    chosen = [selection.getSelectedChild(i).name for i in range(selection.nSelectedChildren)]
    return {"rows": node.childCount, "before": before, "selected": selected, "now": chosen,
            "row_states": sorted(pyatspi.stateToString(s) for s in node.getChildAtIndex(index).getState().getStates())}


def find_buttons(app):
    window = app.getChildAtIndex(0)
    collection = window.queryCollection()
    states = pyatspi.StateSet()
    states.add(pyatspi.STATE_SHOWING)
    rule = collection.createMatchRule(states, collection.MATCH_ALL, {}, collection.MATCH_ALL,
                                      [pyatspi.ROLE_PUSH_BUTTON], collection.MATCH_ANY, [], collection.MATCH_ALL, False)
    return [node.name for node in collection.getMatches(rule, collection.SORT_ORDER_CANONICAL, 0, True)]


def listen(seconds):
    from gi.repository import GLib

    def record(event):
        source = event.source
        print(json.dumps({"event": {
            "type": event.type,
            "source": source.name if source is not None else None,
            "role": source.getRoleName() if source is not None else None,
            "detail1": event.detail1,
            "detail2": event.detail2,
            "data": event.any_data if isinstance(event.any_data, (str, int, float)) else None,
        }}), flush=True)

    def stop(*_):
        pyatspi.Registry.stop()
        return False

    kinds = ["object:text-changed", "object:text-caret-moved", "object:text-selection-changed",
             "object:property-change:accessible-value", "object:state-changed", "object:children-changed"]
    pyatspi.Registry.registerEventListener(record, *kinds)
    GLib.timeout_add(int(seconds * 1000), stop)
    # The reader closes our standard input once it has heard enough. Only a pipe: /dev/null or a file
    # would read as ended at once, and a terminal would stop at the first Enter.
    if stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode):
        GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT,
                          GLib.IO_IN | GLib.IO_HUP, stop)
    print(json.dumps({"listening": True}), flush=True)
    pyatspi.Registry.start()


def text_path(bus, owner, path, depth=0):
    """The object path of the first node under `path` with the Text interface, asked over D-Bus."""
    node = bus.get_object(owner, path, introspect=False)
    if "org.a11y.atspi.Text" in node.GetInterfaces(dbus_interface="org.a11y.atspi.Accessible"):
        return path
    if depth > 8:
        return None
    for _, child in node.GetChildren(dbus_interface="org.a11y.atspi.Accessible"):
        found = text_path(bus, owner, str(child), depth + 1)
        if found is not None:
            return found
    return None


def hostile(name):
    import dbus

    session = dbus.SessionBus()
    address = session.get_object("org.a11y.Bus", "/org/a11y/bus").GetAddress(dbus_interface="org.a11y.Bus")
    bus = dbus.bus.BusConnection(str(address))
    registry = bus.get_object("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", introspect=False)
    owner = None
    for bus_name, _ in registry.GetChildren(dbus_interface="org.a11y.atspi.Accessible"):
        root = bus.get_object(bus_name, "/org/a11y/atspi/accessible/root", introspect=False)
        if root.Get("org.a11y.atspi.Accessible", "Name", dbus_interface="org.freedesktop.DBus.Properties") == name:
            owner = bus_name
    if owner is None:
        return [{"error": "not on the registry"}]
    prefix = "/org/a11y/atspi/accessible/"
    calls = [
        ("root", "org.a11y.atspi.Accessible", "GetChildAtIndex", "s", ["zero"]),
        ("root", "org.a11y.atspi.Accessible", "GetChildAtIndex", "i", [2 ** 31 - 1]),
        ("root", "org.a11y.atspi.Accessible", "GetChildAtIndex", "i", [-5]),
        ("root", "org.a11y.atspi.Accessible", "GetChildAtIndex", "", []),
        ("root", "org.a11y.atspi.Accessible", "NoSuchMethod", "", []),
        ("root", "org.example.NoSuchInterface", "Anything", "", []),
        ("root", "org.freedesktop.DBus.Properties", "Get", "ss", ["org.a11y.atspi.Accessible", "NoSuchProperty"]),
        ("root", "org.freedesktop.DBus.Properties", "Get", "i", [7]),
        ("root", "org.freedesktop.DBus.Properties", "Set", "ssv", ["org.a11y.atspi.Application", "Id", dbus.String("x")]),
        ("18446744073709551615", "org.a11y.atspi.Accessible", "GetRole", "", []),
        ("not_a_number", "org.a11y.atspi.Accessible", "GetRole", "", []),
        ("root/x/y", "org.a11y.atspi.Accessible", "GetRole", "", []),
        ("root", "org.a11y.atspi.Component", "GetExtents", "s", ["screen"]),
        ("root", "org.a11y.atspi.Action", "DoAction", "i", [0]),
    ]
    window = registry_child = None
    try:
        window = bus.get_object(owner, "/org/a11y/atspi/accessible/root", introspect=False).GetChildAtIndex(
            0, dbus_interface="org.a11y.atspi.Accessible")[1]
    except dbus.DBusException:
        pass
    if window is not None:
        node = str(window)[len(prefix):]
        calls += [
            (node, "org.a11y.atspi.Accessible", "GetChildAtIndex", "i", [2 ** 31 - 1]),
            (node, "org.a11y.atspi.Component", "GetExtents", "u", [2 ** 32 - 1]),
            (node, "org.a11y.atspi.Component", "GetAccessibleAtPoint", "iiu", [-(2 ** 31), 2 ** 31 - 1, 0]),
            (node, "org.a11y.atspi.Component", "Contains", "ii", [1, 2]),
            (node, "org.a11y.atspi.Action", "DoAction", "i", [2 ** 31 - 1]),
            (node, "org.a11y.atspi.Accessible", "GetState", "i", [1]),
            (node, "org.a11y.atspi.Collection", "GetMatches", "(aiia{ss}iaiiasib)uib",
             [dbus.Struct(([-1, -1], 7, {}, 1, [-1] * 4, 1, ["Text"], 1, False)), 0, 2 ** 31 - 1, True]),
            (node, "org.a11y.atspi.Collection", "GetMatchesFrom", "o(aiia{ss}iaiiasib)uuib",
             ["/org/a11y/atspi/accessible/1", dbus.Struct(([0, 0], 1, {}, 1, [0] * 4, 1, [], 1, True)), 4, 2, -5, True]),
            (node, "org.a11y.atspi.Collection", "GetMatches", "s", ["rule"]),
            (node, "org.freedesktop.DBus.Properties", "Set", "ssv", ["org.a11y.atspi.Value", "CurrentValue", dbus.Double(1.0)]),
        ]
        text_node = text_path(bus, owner, str(window))
        if text_node is not None:
            node = text_node[len(prefix):]
            calls += [
                (node, "org.a11y.atspi.Text", "GetTextAtOffset", "iu", [-(2 ** 31), 1]),
                (node, "org.a11y.atspi.Text", "GetTextBeforeOffset", "iu", [2 ** 31 - 1, 2 ** 32 - 1]),
                (node, "org.a11y.atspi.Text", "GetText", "ii", [2 ** 31 - 1, -(2 ** 31)]),
                (node, "org.a11y.atspi.Text", "GetStringAtOffset", "iu", [5, 9]),
                (node, "org.a11y.atspi.Text", "SetSelection", "iii", [0, 5, 2]),
                (node, "org.a11y.atspi.Text", "GetRangeExtents", "iiu", [-5, 2 ** 31 - 1, 9]),
                (node, "org.a11y.atspi.Text", "GetCharacterExtents", "iu", [2 ** 31 - 1, 0]),
                (node, "org.a11y.atspi.Text", "GetOffsetAtPoint", "iiu", [-(2 ** 31), 2 ** 31 - 1, 0]),
                (node, "org.a11y.atspi.EditableText", "DeleteText", "ii", [2 ** 31 - 1, -1]),
            ]
    results = []
    for path, interface, member, signature, arguments in calls:
        try:
            proxy = bus.get_object(owner, prefix + path, introspect=False)
            proxy.get_dbus_method(member, interface)(*arguments, signature=signature)
            outcome = "answered"
        except dbus.DBusException as error:
            outcome = error.get_dbus_name()
        results.append({"call": f"{path} {interface}.{member}({signature})", "outcome": outcome})
    return results


deadline = time.time() + wait
app = find_app()
while app is None and time.time() < deadline:
    time.sleep(0.1)
    app = find_app()
if app is None:
    print(json.dumps({"error": "no application named " + app_name}))
    sys.exit(2)
tree = describe(app)
tree["toolkit"] = app.get_toolkit_name()
# How many of the registry's applications have the name: an application embedded twice is listed twice.
desktop = pyatspi.Registry.getDesktop(0)
tree["copies"] = sum(1 for index in range(desktop.childCount)
                     if (child := desktop.getChildAtIndex(index)) is not None and child.name == app_name)
print(json.dumps(tree), flush=True)
if "--hostile" in args:
    print(json.dumps({"hostile": hostile(app.name)}))
if "--text" in args:
    print(json.dumps({"text": read_text(app, args[args.index("--text") + 1])}))
if "--value" in args:
    at = args.index("--value")
    print(json.dumps({"value": read_value(app, args[at + 1], float(args[at + 2]))}))
if "--select" in args:
    print(json.dumps({"selection": select_row(app, int(args[args.index("--select") + 1]))}))
if "--find" in args:
    print(json.dumps({"found": find_buttons(app)}))
if "--listen" in args:
    listen(float(args[args.index("--listen") + 1]))
if press:
    node = first(app, lambda candidate: candidate.name == press and "Action" in pyatspi.listInterfaces(candidate))
    print(json.dumps({"pressed": bool(node is not None and node.queryAction().doAction(0))}))
