import CX11
import Dispatch
import Proscenium

/// The X selections as the window's `Pasteboard`: copying makes the window the owner of `CLIPBOARD` (or
/// `PRIMARY`) and it answers other clients' requests for the text (ICCCM: `TARGETS`, `UTF8_STRING`,
/// `TEXT`, `STRING`); pasting asks the owner to convert the selection to UTF-8 text into a property of
/// ours and reads it when the answer comes. Text too large for one request goes in pieces, both ways
/// (ICCCM's `INCR`): see SelectionPasteboard+Reading.swift and SelectionPasteboard+Sending.swift.
@MainActor final class SelectionPasteboard: Pasteboard {
    let display: Display
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

    init(display: Display, window: CX11.Window) {
        self.display = display
        self.window = window
    }

    isolated deinit {
        for transfer in outgoing.values { display.events.stopWatching(transfer.watch) }
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
            replied = write(text, as: request.target, to: property, of: request.requestor)
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
            var targets: [CLong] = ["TARGETS", "UTF8_STRING", "TEXT", "STRING"].map { CLong(bitPattern: display.atom($0)) }
            let count = Int32(targets.count)
            targets.withUnsafeMutableBytes { bytes in
                _ = XChangeProperty(dpy, requestor, property, XA_ATOM, 32, PropModeReplace,
                                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
            }
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

    // MARK: - Names

    func atom(for name: PasteboardName) -> Atom {
        name == .clipboard ? display.atom("CLIPBOARD") : XA_PRIMARY
    }

    func name(for selection: Atom) -> PasteboardName? {
        if selection == display.atom("CLIPBOARD") { return .clipboard }
        return selection == XA_PRIMARY ? .primarySelection : nil
    }
}
