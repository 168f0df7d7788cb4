import CX11
import Proscenium

// MARK: - Events

extension WindowHost {
    /// Handles every event Xlib has queued or can read without blocking, this window's and those of the
    /// other hosts on the same `Display`: each goes to the host of its window (`Display.processPendingEvents()`).
    public func processPendingEvents() {
        display.processPendingEvents()
    }

    /// One event for this window, or on the root window, from the display's `EventDispatcher` (which has
    /// offered it to the input method and handled keyboard mapping changes already).
    func handle(_ event: inout XEvent) {
        if event.type == PropertyNotify, event.xproperty.window == display.rootWindow {
            if event.xproperty.atom == resourceManagerAtom { desktopResourcesChanged() }
            return
        }
        if event.type == GenericEvent {
            if !isDestroyed { handleXInput2(event.xcookie) }
            return
        }
        guard event.xany.window == xWindow, !isDestroyed else { return }
        if handleKeyboardEvent(&event) { return }
        if event.type == ButtonPress { userPressed(at: event.xbutton.time) }
        if let input = EventTranslator.translatePointer(&event, time: eventTime) {
            if event.type == LeaveNotify, event.xcrossing.mode == NotifyGrab { pointerTakenByGrab() }
            window.send(input.inPoints(scale: scale))
            return
        }
        switch event.type {
        case ConfigureNotify:
            let newSize = Size(width: Double(event.xconfigure.width), height: Double(event.xconfigure.height))
            // Moves and restacks arrive as ConfigureNotify too; only a real size change is a resize. One
            // sent before the server saw a scale change's resize (a move) has the old pixels: at the new
            // scale they would lay the window out at a fraction of its size until the resize comes.
            if newSize != size, event.xconfigure.serial >= scaleResizeSerial {
                size = newSize
                window.resize(to: Size(width: newSize.width / scale, height: newSize.height / scale))
            }
            if let syncCounter, syncCounter.pendingValue != nil {
                syncCounter.configureArrived()
                window.setNeedsFrame()
                answerSyncRequestIfDrawn()
            }
        case Expose:
            let e = event.xexpose
            if hasDrawnFrame, backSize == size, !needsWholeFrame {
                renderer.restoreBackBuffer()
                XCopyArea(display.pointer, backPixmap, xWindow, gc, e.x, e.y, UInt32(e.width), UInt32(e.height), e.x, e.y)
                if e.count == 0 { XFlush(display.pointer) }
            } else {
                window.setNeedsDisplay()
            }
        case MapNotify:
            if !hasBeenMapped { checkKeyboardFocusAtFirstMap() }
            // Shown again after hiding, the server kept none of the window's pixels: the next frame copies all of it.
            updateVisibility(redraw: hasBeenMapped && !isMapped) {
                isMapped = true
                hasBeenMapped = true
            }
        case UnmapNotify:
            isMapped = false
        case VisibilityNotify:
            let state = event.xvisibility.state
            updateVisibility { visibilityState = state }
        case PropertyNotify:
            windowPropertyChanged(event.xproperty.atom)
        case DestroyNotify where event.xdestroywindow.window == xWindow:
            windowWasDestroyed()
        case ClientMessage:
            handleClientMessage(event.xclient)
        default:
            break
        }
    }

    /// Another client destroyed the window: stop drawing and reading input for it, then tell the app.
    private func windowWasDestroyed() {
        guard !isDestroyed else { return }
        isDestroyed = true
        isMapped = false
        onDestroyed()
    }

    private func handleClientMessage(_ message: XClientMessageEvent) {
        guard message.message_type == display.atom("WM_PROTOCOLS"), message.format == 32 else { return }
        let data = message.data.l
        let proto = Atom(UInt(bitPattern: data.0))
        if proto == display.atom("WM_DELETE_WINDOW") {
            onClose()
        } else if proto == display.atom("_NET_WM_SYNC_REQUEST") {
            let value = Int64(UInt32(truncatingIfNeeded: data.2)) | Int64(Int32(truncatingIfNeeded: data.3)) << 32
            syncCounter?.request(value)
            window.setNeedsFrame()
        } else if proto == display.atom("_NET_WM_PING") {
            var reply = XEvent()
            reply.xclient = message
            reply.xclient.window = display.rootWindow
            XSendEvent(display.pointer, display.rootWindow, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
            XFlush(display.pointer)
        }
    }
}
