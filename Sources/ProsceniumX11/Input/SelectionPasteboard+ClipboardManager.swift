import CX11
import Dispatch
import Glibc

/// Where a hand-over of the clipboard to the desktop's clipboard manager stands.
enum ClipboardHandOver: Equatable {
    /// Asked; the manager has not answered yet.
    case waiting
    /// The manager saved the text: it owns `CLIPBOARD` now, or will.
    case saved
    /// The manager refused.
    case refused
}

// MARK: - Handing the clipboard over at exit

extension SelectionPasteboard {
    /// Hands the text the app owns on `CLIPBOARD` to the desktop's clipboard manager (freedesktop's
    /// ClipboardManager convention: a `SAVE_TARGETS` conversion of the `CLIPBOARD_MANAGER` selection), so
    /// that what was copied can still be pasted once the app has quit, as in GTK and Qt apps. Serves the
    /// manager's requests for the text meanwhile, and waits at most `timeout` seconds for its answer.
    /// Whether the manager saved it; false, at once, with no manager or nothing of ours on the clipboard.
    func handOverToClipboardManager(timeout: Double = 1) -> Bool {
        let dpy = display.pointer
        let manager = display.atom("CLIPBOARD_MANAGER")
        guard owned[.clipboard] != nil, XGetSelectionOwner(dpy, atom(for: .clipboard)) == window,
              XGetSelectionOwner(dpy, manager) != CX11.Window(None) else { return false }
        handOver = .waiting
        defer { handOver = nil }
        // The targets to save, in the property the manager answers with (as GTK names them): its answer
        // with that property is success, one with `None` refusal.
        let property = display.atom("PROSCENIUM_SAVE_TARGETS")
        display.setProperty(property, of: window, type: XA_ATOM, values: display.atomValues(["UTF8_STRING", "STRING"]))
        XConvertSelection(dpy, manager, display.atom("SAVE_TARGETS"), property, window, lastEventTime)
        XFlush(dpy)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1_000_000_000)
        while handOver == .waiting {
            // Only selection traffic: the manager's requests to us, its answer, and its property changes
            // while we send it pieces. The app is leaving: a click or a key meanwhile must not act, a second
            // close must not start this again.
            var event = XEvent()
            while handOver == .waiting, XCheckIfEvent(dpy, &event, { _, event, _ in
                guard let type = event?.pointee.type else { return 0 }
                return type == SelectionRequest || type == SelectionNotify || type == PropertyNotify ? 1 : 0
            }, nil) != 0 {
                display.events.dispatch(&event)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard handOver == .waiting, now < deadline else { break }
            var connection = pollfd(fd: display.connectionNumber, events: Int16(POLLIN), revents: 0)
            _ = poll(&connection, 1, Int32(min(100, (deadline - now) / 1_000_000 + 1)))
        }
        return handOver == .saved
    }

    /// The manager's answer to `SAVE_TARGETS`: the property we named is success, `None` refusal.
    func clipboardManagerAnswered(_ event: XSelectionEvent) {
        guard handOver == .waiting, event.target == display.atom("SAVE_TARGETS") else { return }
        handOver = event.property == Atom(None) ? .refused : .saved
    }
}
