import CX11
import Dispatch
import Proscenium

/// An answer to another client sent in pieces (ICCCM's `INCR`): the property first holds type `INCR`;
/// each time the requestor deletes it, the next piece goes in, and a piece of length 0 ends it.
struct OutgoingTransfer {
    /// A transfer is for one property of one requestor window.
    struct Key: Hashable {
        var requestor: CX11.Window
        var property: Atom
    }

    let serial: Int
    /// The text's encoding (`UTF8_STRING` or `STRING`).
    let type: Atom
    let bytes: [UInt8]
    /// How much of `bytes` has been sent.
    var offset = 0
    /// The requestor's property events, routed here while the transfer lasts.
    let watch: EventDispatcher.PropertyWatch
    /// When the transfer is abandoned unless the requestor asks for the next piece first.
    var deadline: DispatchTime
}

// MARK: - Sending our selection in pieces

extension SelectionPasteboard {
    /// The most bytes one property write carries; an answer larger than this goes in pieces of this
    /// size. What the server takes in a request without BIG-REQUESTS, less room for the request's own
    /// fields: the ICCCM's "larger than the maximum request size", and a size every requestor reads at once.
    var pieceSize: Int { Int(XMaxRequestSize(display.pointer)) * 4 - 100 }

    /// Starts sending `bytes` of `type` into `property` of `requestor` in pieces: watches the requestor's
    /// property changes and writes the `INCR` header (a lower bound of the size); the selection notify that
    /// `answer` sends next tells the requestor to start.
    func sendInPieces(_ bytes: [UInt8], type: Atom, to property: Atom, of requestor: CX11.Window) {
        let key = OutgoingTransfer.Key(requestor: requestor, property: property)
        // A new request for the same property replaces a transfer the requestor gave up on.
        if let old = outgoing.removeValue(forKey: key) { display.events.stopWatching(old.watch) }
        let watch = display.events.watchProperties(of: requestor) { [weak self] event in
            self?.requestorPropertyChanged(event.xproperty)
        }
        nextSerial += 1
        let transfer = OutgoingTransfer(serial: nextSerial, type: type, bytes: bytes, watch: watch,
                                        deadline: .now() + answerTimeout)
        outgoing[key] = transfer
        display.setProperty(property, of: requestor, type: display.atom("INCR"), values: [CLong(bytes.count)])
        scheduleTimeout(for: key, serial: transfer.serial, at: transfer.deadline)
    }

    /// The requestor deleted the property: it has read the last piece (or the header) and wants the next.
    private func requestorPropertyChanged(_ event: XPropertyEvent) {
        let key = OutgoingTransfer.Key(requestor: event.window, property: event.atom)
        guard event.state == PropertyDelete, var transfer = outgoing[key] else { return }
        let end = min(transfer.offset + pieceSize, transfer.bytes.count)
        transfer.bytes.withUnsafeBufferPointer { all in
            let piece = UnsafeBufferPointer(rebasing: all[transfer.offset..<end])
            _ = XChangeProperty(display.pointer, key.requestor, key.property, transfer.type, 8, PropModeReplace,
                                piece.baseAddress ?? all.baseAddress, Int32(piece.count))
        }
        XFlush(display.pointer)
        if transfer.offset == end {
            // That was the piece of length 0: the transfer is complete.
            finishTransfer(key)
            return
        }
        transfer.offset = end
        transfer.deadline = .now() + answerTimeout
        outgoing[key] = transfer
    }

    private func finishTransfer(_ key: OutgoingTransfer.Key) {
        guard let transfer = outgoing.removeValue(forKey: key) else { return }
        display.events.stopWatching(transfer.watch)
    }

    private func scheduleTimeout(for key: OutgoingTransfer.Key, serial: Int, at deadline: DispatchTime) {
        DispatchQueue.main.asyncAfter(deadline: deadline) { [weak self] in
            MainActor.assumeIsolated { self?.checkTimeout(for: key, serial: serial) }
        }
    }

    /// Abandons a transfer whose requestor stopped asking for pieces (it quit, or hung); set again if it
    /// asked since.
    private func checkTimeout(for key: OutgoingTransfer.Key, serial: Int) {
        guard let transfer = outgoing[key], transfer.serial == serial else { return }
        guard DispatchTime.now() >= transfer.deadline else {
            scheduleTimeout(for: key, serial: serial, at: transfer.deadline)
            return
        }
        finishTransfer(key)
    }
}
