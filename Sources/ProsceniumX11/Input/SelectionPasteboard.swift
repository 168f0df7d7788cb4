import CX11
import Dispatch
import Proscenium

/// The X selections as the `Pasteboard` of a display's windows: copying makes the app the owner of
/// `CLIPBOARD` (or `PRIMARY`) and it answers other clients' requests for the text (ICCCM: `TARGETS`,
/// `UTF8_STRING`, `TEXT`, `STRING`, `MULTIPLE`); pasting asks the owner to convert the selection to UTF-8
/// text into a property of ours and reads it when the answer comes. Text too large for one request goes in
/// pieces, both ways (ICCCM's `INCR`): see SelectionPasteboard+Reading.swift and +Sending.swift.
///
/// The selections are owned by a window of their own, never mapped, that lives as long as any window of
/// the display (as GTK's and SDL's are): closing the window the text was copied in keeps it on the
/// clipboard, and at exit it is handed to the desktop's clipboard manager (+ClipboardManager.swift).
@MainActor final class SelectionPasteboard: Pasteboard {
    let display: Display
    /// The unmapped window that owns the selections and receives the answers to our requests.
    let window: CX11.Window
    /// The text of each selection this window owns.
    var owned: [PasteboardName: String] = [:]
    /// Reads waiting for the owner's answer, per selection.
    var pendingReads: [PasteboardName: PendingRead] = [:]
    /// Answers being sent in pieces, per requestor window and property.
    var outgoing: [OutgoingTransfer.Key: OutgoingTransfer] = [:]
    /// Numbers reads and transfers, so a timer set for one never ends a later one.
    var nextSerial = 0
    /// The last server timestamp of an input event, which ICCCM wants selection requests stamped with.
    var lastEventTime: Time = Time(CurrentTime)
    /// How long an owner gets to answer, and then to send each piece of an answer in pieces, before a
    /// paste gives up: a hung client must not hang us, and a busy one gets some seconds. The same holds
    /// for a requestor we send pieces to. Tests of late answers shorten it.
    var answerTimeout = 5.0

    /// Where a hand-over to the clipboard manager stands while `handOverToClipboardManager` waits.
    var handOver: ClipboardHandOver?

    /// The pasteboard of `display`'s windows: the one they share while any lives, else a new one.
    static func shared(on display: Display) -> SelectionPasteboard {
        if let shared = live[ObjectIdentifier(display)]?.pasteboard { return shared }
        let made = SelectionPasteboard(display: display)
        live[ObjectIdentifier(display)] = WeakPasteboard(pasteboard: made)
        return made
    }

    /// The pasteboard of each open display, while a window holds it.
    private(set) static var live: [ObjectIdentifier: WeakPasteboard] = [:]

    struct WeakPasteboard {
        weak var pasteboard: SelectionPasteboard?
    }

    private init(display: Display) {
        self.display = display
        let dpy = display.pointer
        // An input-only window: properties and selections need no pixels. Property changes on it are the
        // pieces of an answer coming in pieces.
        var attributes = XSetWindowAttributes()
        attributes.event_mask = PropertyChangeMask
        attributes.override_redirect = 1
        window = XCreateWindow(dpy, display.rootWindow, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil,
                               UInt(CWEventMask | CWOverrideRedirect), &attributes)
        display.events.route(window) { [weak self] event in _ = self?.handle(&event) }
    }

    isolated deinit {
        for transfer in outgoing.values { display.events.stopWatching(transfer.watch) }
        display.events.stopRouting(window)
        XDestroyWindow(display.pointer, window)
        XFlush(display.pointer)
        if Self.live[ObjectIdentifier(display)]?.pasteboard == nil { Self.live[ObjectIdentifier(display)] = nil }
    }

    // MARK: - Pasteboard

    func setString(_ string: String?, for name: PasteboardName) {
        let dpy = display.pointer
        // Asking who owns a selection is a round trip, which may read events meant for the drain.
        defer { display.events.dispatchQueuedEventsSoon() }
        let selection = atom(for: name)
        if let string {
            owned[name] = string
            XSetSelectionOwner(dpy, selection, window, lastEventTime)
            // The server refuses ownership stamped earlier than the current owner's.
            if XGetSelectionOwner(dpy, selection) != window { owned[name] = nil }
        } else if owned.removeValue(forKey: name) != nil, XGetSelectionOwner(dpy, selection) == window {
            XSetSelectionOwner(dpy, selection, CX11.Window(None), lastEventTime)
        }
        XFlush(dpy)
    }

    func readString(from name: PasteboardName, completion: @escaping @MainActor (String?) -> Void) {
        let dpy = display.pointer
        defer { display.events.dispatchQueuedEventsSoon() }
        let selection = atom(for: name)
        let owner = XGetSelectionOwner(dpy, selection)
        if owner == window || owner == CX11.Window(None) {
            let string = owner == window ? owned[name] : nil
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(string) } }
            return
        }
        if var pending = pendingReads[name] {
            pending.completions.append(completion)
            pendingReads[name] = pending
            return
        }
        beginRead(name, completion: completion)
    }

    // MARK: - Events

    /// Handles the selection events for the window, and the property changes of an answer coming in
    /// pieces; false for any other event.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest: answer(event.xselectionrequest)
        case SelectionNotify where event.xselection.selection == display.atom("CLIPBOARD_MANAGER"):
            clipboardManagerAnswered(event.xselection)
        case SelectionNotify: received(event.xselection)
        case SelectionClear:
            if let name = name(for: event.xselectionclear.selection) { owned[name] = nil }
        case PropertyNotify: return propertyChanged(event.xproperty)
        default: return false
        }
        return true
    }

    /// Another client wants the text of a selection we own, as `target`: write it into the property it
    /// named on its window and tell it so; a refusal is a notify with no property.
    private func answer(_ request: XSelectionRequestEvent) {
        let dpy = display.pointer
        // Obsolete clients name no property: ICCCM says use the target's name.
        let property = request.property == Atom(None) ? request.target : request.property
        var replied = false
        if let name = name(for: request.selection), let text = owned[name] {
            replied = request.target == display.atom("MULTIPLE")
                ? writeMultiple(text, pairsIn: property, of: request.requestor)
                : write(text, as: request.target, to: property, of: request.requestor)
        }
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.display = dpy
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.property = replied ? property : Atom(None)
        notify.xselection.time = request.time
        XSendEvent(dpy, request.requestor, 0, 0, &notify)
        XFlush(dpy)
    }

    private func write(_ text: String, as target: Atom, to property: Atom, of requestor: CX11.Window) -> Bool {
        let dpy = display.pointer
        let utf8 = display.atom("UTF8_STRING")
        let bytes: [UInt8]
        let type: Atom
        switch target {
        case display.atom("TARGETS"):
            display.setProperty(property, of: requestor, type: XA_ATOM,
                                values: display.atomValues(["TARGETS", "MULTIPLE", "UTF8_STRING", "TEXT", "STRING"]))
            return true
        case utf8, display.atom("TEXT"):
            bytes = Array(text.utf8)
            type = utf8
        case XA_STRING:
            // STRING is Latin-1; what it cannot hold becomes "?".
            bytes = text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "?") }
            type = XA_STRING
        default:
            return false
        }
        if bytes.count > pieceSize {
            sendInPieces(bytes, type: type, to: property, of: requestor)
        } else {
            XChangeProperty(dpy, requestor, property, type, 8, PropModeReplace, bytes, Int32(bytes.count))
        }
        return true
    }

    /// A `MULTIPLE` request (a clipboard manager saving every target at once): `property` holds pairs of
    /// a target and the property to put it in; each is converted, and those that cannot be have their
    /// property set to `None` in the pairs written back, as ICCCM asks.
    private func writeMultiple(_ text: String, pairsIn property: Atom, of requestor: CX11.Window) -> Bool {
        guard let (type, values) = display.longProperty(property, on: requestor, limit: 1024), values.count >= 2 else { return false }
        var pairs = values
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            let target = Atom(UInt(bitPattern: pairs[index])), into = Atom(UInt(bitPattern: pairs[index + 1]))
            if into == Atom(None) || !write(text, as: target, to: into, of: requestor) { pairs[index + 1] = CLong(None) }
        }
        display.setProperty(property, of: requestor, type: type, values: pairs)
        return true
    }

    // MARK: - Names

    func atom(for name: PasteboardName) -> Atom {
        name == .clipboard ? display.atom("CLIPBOARD") : XA_PRIMARY
    }

    func name(for selection: Atom) -> PasteboardName? {
        if selection == display.atom("CLIPBOARD") { return .clipboard }
        return selection == XA_PRIMARY ? .primarySelection : nil
    }
}
