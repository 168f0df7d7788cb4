import CX11
import Dispatch
import Proscenium

/// The X selections as the window's `Pasteboard`: copying makes the window the owner of `CLIPBOARD` (or
/// `PRIMARY`) and it answers other clients' requests for the text (ICCCM: `TARGETS`, `UTF8_STRING`,
/// `TEXT`, `STRING`); pasting asks the owner to convert the selection to UTF-8 text into a property of
/// ours and reads it when the answer comes.
@MainActor final class SelectionPasteboard: Pasteboard {
    private let display: Display
    private let window: CX11.Window
    /// The text of each selection this window owns.
    private var owned: [PasteboardName: String] = [:]
    /// Reads waiting for the owner's answer, per selection, with the target asked for.
    private var pendingReads: [PasteboardName: (target: Atom, completions: [@MainActor (String?) -> Void])] = [:]
    /// The last server timestamp of an input event, which ICCCM wants selection requests stamped with.
    var lastEventTime: Time = Time(CurrentTime)
    /// How long an owner gets to answer before a paste gives up (a hung client must not hang us).
    static let answerTimeout = 1.0

    init(display: Display, window: CX11.Window) {
        self.display = display
        self.window = window
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
        pendingReads[name] = (display.atom("UTF8_STRING"), [completion])
        convert(selection, to: display.atom("UTF8_STRING"))
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.answerTimeout) { [weak self] in
            MainActor.assumeIsolated { self?.finishRead(name, with: nil) }
        }
    }

    private func convert(_ selection: Atom, to target: Atom) {
        XConvertSelection(display.pointer, selection, target, display.atom("PROSCENIUM_SELECTION"), window, lastEventTime)
        XFlush(display.pointer)
    }

    private func finishRead(_ name: PasteboardName, with string: String?) {
        guard let pending = pendingReads.removeValue(forKey: name) else { return }
        for completion in pending.completions { completion(string) }
    }

    // MARK: - Events

    /// Handles the selection events for the window; false for any other event.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest: answer(event.xselectionrequest)
        case SelectionNotify: received(event.xselection)
        case SelectionClear:
            if let name = name(for: event.xselectionclear.selection) { owned[name] = nil }
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
        switch target {
        case display.atom("TARGETS"):
            var targets: [CLong] = ["TARGETS", "UTF8_STRING", "TEXT", "STRING"].map { CLong(bitPattern: display.atom($0)) }
            let count = Int32(targets.count)
            targets.withUnsafeMutableBytes { bytes in
                _ = XChangeProperty(dpy, requestor, property, XA_ATOM, 32, PropModeReplace,
                                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
            }
        case utf8, display.atom("TEXT"):
            let bytes = Array(text.utf8)
            XChangeProperty(dpy, requestor, property, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
        case XA_STRING:
            // STRING is Latin-1; what it cannot hold becomes "?".
            let bytes = text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "?") }
            XChangeProperty(dpy, requestor, property, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        default:
            return false
        }
        return true
    }

    /// The owner answered our conversion: read the property it wrote (and delete it, which ICCCM asks
    /// for). A refusal of UTF-8 is asked again as STRING, which older clients offer.
    private func received(_ event: XSelectionEvent) {
        guard let name = name(for: event.selection), let pending = pendingReads[name] else { return }
        guard event.property != Atom(None) else {
            if pending.target == display.atom("UTF8_STRING") {
                pendingReads[name]?.target = XA_STRING
                convert(event.selection, to: XA_STRING)
            } else {
                finishRead(name, with: nil)
            }
            return
        }
        finishRead(name, with: readProperty(event.property))
    }

    private func readProperty(_ property: Atom) -> String? {
        let dpy = display.pointer
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // Up to 4 MiB (the length is in 32-bit units); INCR transfers of more are not supported.
        guard XGetWindowProperty(dpy, window, property, 0, 1 << 20, 1, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        let bytes = UnsafeBufferPointer(start: data, count: Int(count))
        if type == XA_STRING { return String(bytes.map { Character(Unicode.Scalar($0)) }) }
        guard type == display.atom("UTF8_STRING") || type == display.atom("TEXT") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Names

    private func atom(for name: PasteboardName) -> Atom {
        name == .clipboard ? display.atom("CLIPBOARD") : XA_PRIMARY
    }

    private func name(for selection: Atom) -> PasteboardName? {
        if selection == display.atom("CLIPBOARD") { return .clipboard }
        return selection == XA_PRIMARY ? .primarySelection : nil
    }
}
