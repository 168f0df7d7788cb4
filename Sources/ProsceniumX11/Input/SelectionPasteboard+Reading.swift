import CX11
import Dispatch
import Proscenium

/// A paste waiting for the selection's owner: what it asked for, who wants the text, and, once the owner
/// answered `INCR`, the pieces so far.
struct PendingRead {
    let serial: Int
    /// `UTF8_STRING`, or `STRING` once the owner refused that.
    var target: Atom
    var completions: [@MainActor (String?) -> Void]
    /// Non-nil once the owner sends the text in pieces: the bytes received so far.
    var pieces: [UInt8]?
    /// The type of the pieces (the text's encoding), from the first one.
    var piecesType: Atom = Atom(None)
    /// When the read gives up unless the owner answers (or sends the next piece) first.
    var deadline: DispatchTime
    /// The time stamp the conversion was asked with, which the owner's answer carries back (ICCCM): an
    /// answer to an earlier read, given up on, carries another.
    var requestTime: Time = Time(CurrentTime)
}

// MARK: - Reading another client's selection

extension SelectionPasteboard {
    /// Asks the owner of `name` for its text as UTF-8 into our property for that selection, and gives up
    /// after `answerTimeout` without an answer; on a timer, not by waiting, so the main thread runs on.
    func beginRead(_ name: PasteboardName, completion: @escaping @MainActor (String?) -> Void) {
        nextSerial += 1
        let read = PendingRead(serial: nextSerial, target: display.atom("UTF8_STRING"), completions: [completion],
                               deadline: .now() + answerTimeout)
        pendingReads[name] = read
        convert(name, to: read.target)
        scheduleTimeout(for: name, serial: read.serial, at: read.deadline)
    }

    private func convert(_ name: PasteboardName, to target: Atom) {
        pendingReads[name]?.requestTime = lastEventTime
        XConvertSelection(display.pointer, atom(for: name), target, property(for: name), window, lastEventTime)
        XFlush(display.pointer)
    }

    /// Whether `event` answers `read`'s request rather than one given up on before it: the same target
    /// and time stamp (an owner that answers with `CurrentTime`, against ICCCM, is taken at its word).
    private func answers(_ event: XSelectionEvent, _ read: PendingRead) -> Bool {
        guard event.target == read.target else { return false }
        return event.time == read.requestTime || event.time == Time(CurrentTime) || read.requestTime == Time(CurrentTime)
    }

    /// Where the owner puts its answer for `name`: one property per selection, so a paste from `PRIMARY`
    /// and one from `CLIPBOARD` coming in pieces at the same time do not mix.
    func property(for name: PasteboardName) -> Atom {
        display.atom(name == .clipboard ? "PROSCENIUM_CLIPBOARD" : "PROSCENIUM_PRIMARY")
    }

    private func name(forProperty property: Atom) -> PasteboardName? {
        if property == self.property(for: .clipboard) { return .clipboard }
        return property == self.property(for: .primarySelection) ? .primarySelection : nil
    }

    private func scheduleTimeout(for name: PasteboardName, serial: Int, at deadline: DispatchTime) {
        DispatchQueue.main.asyncAfter(deadline: deadline) { [weak self] in
            MainActor.assumeIsolated { self?.checkTimeout(for: name, serial: serial) }
        }
    }

    /// Gives the read up if its deadline passed; set again if the owner made progress since.
    private func checkTimeout(for name: PasteboardName, serial: Int) {
        guard let read = pendingReads[name], read.serial == serial else { return }
        guard DispatchTime.now() >= read.deadline else {
            scheduleTimeout(for: name, serial: serial, at: read.deadline)
            return
        }
        // A piece may be waiting in the property; deleting it lets an owner sending in pieces go on to
        // its end (the rest is deleted as it comes, see `propertyChanged`).
        if read.pieces != nil { XDeleteProperty(display.pointer, window, property(for: name)) }
        finishRead(name, with: nil)
    }

    func finishRead(_ name: PasteboardName, with string: String?) {
        guard let read = pendingReads.removeValue(forKey: name) else { return }
        for completion in read.completions { completion(string) }
    }

    /// The owner answered our conversion: read the property it wrote (and delete it, which ICCCM asks
    /// for), or, for an answer of type `INCR`, delete it to ask for the first piece. A refusal of UTF-8
    /// is asked again as STRING, which older clients offer. An answer nobody waits for any more (it came
    /// after the timeout) is deleted unread.
    func received(_ event: XSelectionEvent) {
        guard let name = name(for: event.selection) else { return }
        guard var read = pendingReads[name] else {
            if event.property != Atom(None) { XDeleteProperty(display.pointer, window, event.property) }
            XFlush(display.pointer)
            return
        }
        // Already coming in pieces: a stray notify must not delete the piece waiting in the property.
        guard read.pieces == nil else { return }
        // A late answer to a read given up on: the answer to this one comes with its own notify. Its
        // property is left alone, as this read's answer may already be in it.
        guard answers(event, read) else { return }
        guard event.property != Atom(None) else {
            if read.target == display.atom("UTF8_STRING") {
                read.target = XA_STRING
                pendingReads[name] = read
                convert(name, to: XA_STRING)
            } else {
                finishRead(name, with: nil)
            }
            return
        }
        if propertyType(event.property) == display.atom("INCR") {
            read.pieces = []
            read.deadline = .now() + answerTimeout
            pendingReads[name] = read
            XDeleteProperty(display.pointer, window, event.property)
            XFlush(display.pointer)
            return
        }
        let value = takeProperty(event.property)
        finishRead(name, with: value.flatMap { decode($0.bytes, type: $0.type) })
    }

    /// A property of the window changed: the next piece of an answer coming in pieces has arrived (a piece
    /// of length 0 ends it). Pieces of an answer nobody waits for are deleted, so their owner finishes.
    /// False for properties that are not ours to read.
    func propertyChanged(_ event: XPropertyEvent) -> Bool {
        guard event.window == window, let name = name(forProperty: event.atom) else { return false }
        guard event.state == PropertyNewValue else { return true }
        guard pendingReads[name] != nil else {
            XDeleteProperty(display.pointer, window, event.atom)
            XFlush(display.pointer)
            return true
        }
        // Not in pieces: the owner's whole answer, read when its SelectionNotify comes.
        guard pendingReads[name]?.pieces != nil, let piece = takeProperty(event.atom) else { return true }
        if piece.bytes.isEmpty {
            let pieces = pendingReads[name]?.pieces ?? []
            let type = pendingReads[name]?.piecesType ?? Atom(None)
            finishRead(name, with: pieces.isEmpty ? "" : decode(pieces, type: type))
            return true
        }
        // Appended in place (no copy of the dictionary's value is held meanwhile): megabytes come in
        // hundreds of pieces.
        pendingReads[name]?.pieces?.append(contentsOf: piece.bytes)
        if pendingReads[name]?.piecesType == Atom(None) { pendingReads[name]?.piecesType = piece.type }
        pendingReads[name]?.deadline = .now() + answerTimeout
        return true
    }

    /// The type of `property` on the window, without reading its value; `None` when it does not exist.
    private func propertyType(_ property: Atom) -> Atom {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display.pointer, window, property, 0, 0, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        if let data { XFree(data) }
        return status == Success ? type : Atom(None)
    }

    /// The whole value of an 8-bit `property` on the window, which is deleted; nil when it does not exist
    /// or holds something else than bytes.
    private func takeProperty(_ property: Atom) -> (type: Atom, bytes: [UInt8])? {
        let dpy = display.pointer
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // A first look for the size, then all of it at once (the length is in 32-bit units), which deletes it.
        guard XGetWindowProperty(dpy, window, property, 0, 0, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success else { return nil }
        if let data { XFree(data) }
        data = nil
        guard type != Atom(None) else { return nil }
        let length = CLong((remaining + 3) / 4)
        guard XGetWindowProperty(dpy, window, property, 0, length, 1, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success else { return nil }
        defer { if let data { XFree(data) } }
        guard format == 8 else { return nil }
        guard let data else { return (type, []) }
        return (type, Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }

    /// Text of `type` (`STRING` is Latin-1, `UTF8_STRING` and `TEXT` UTF-8); nil for another type.
    private func decode(_ bytes: [UInt8], type: Atom) -> String? {
        if type == XA_STRING { return String(bytes.map { Character(Unicode.Scalar($0)) }) }
        guard type == display.atom("UTF8_STRING") || type == display.atom("TEXT") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
