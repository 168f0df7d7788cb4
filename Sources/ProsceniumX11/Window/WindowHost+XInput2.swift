import CX11
import Proscenium

// MARK: - Pointer input through XInput 2

/// Where the X server has XInput 2.1, the window takes its pointer through it: that is the only way to
/// read the scroll valuators of touchpads and high-resolution wheels, which move content by fractions of
/// a notch. Once a client selects an XI 2 event type on a window, the server stops sending it the core
/// event of that type, so presses, releases, motion and leaving all come this way. The server goes on
/// emulating wheel buttons 4–7 from the valuators for clients that read only core events; to an XI 2
/// client those presses carry `XIPointerEmulated`, and are dropped here, since the valuators already
/// scrolled. Devices without scroll valuators (a plain wheel, XTest) send real button presses, which
/// scroll by notches as the core buttons do.
extension WindowHost {
    /// Selects the XI 2 pointer events on the window, when the display has XInput 2.1.
    func selectXInput2PointerEvents() {
        guard display.xInput2Opcode != nil else { return }
        var bytes = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for type in [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged] {
            proscenium_xi_set_mask(&bytes, type)
        }
        bytes.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            XISelectEvents(display.pointer, xWindow, &mask, 1)
        }
    }

    /// Another client grabbed the pointer (a desktop shortcut, a screenshot tool, the window manager's
    /// move): the release of a press in progress will never come here, so the press is cancelled rather
    /// than left for plain hovering to drag on.
    func pointerTakenByGrab() {
        window.cancelActiveTouch()
    }

    /// Handles one XI 2 event for this window (its data read, in `cookie`).
    func handleXInput2(_ cookie: XGenericEventCookie) {
        guard let data = cookie.data else { return }
        switch cookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            handlePointer(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, type: cookie.evtype)
        case XI_Enter, XI_Leave:
            let e = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            guard e.event == xWindow else { return }
            // Another client saw the valuators change meanwhile: their next values only set the start.
            scrollValuators.resetValues()
            if cookie.evtype == XI_Leave {
                if e.mode == XINotifyGrab { pointerTakenByGrab() }
                window.send(.pointerExited)
            } else {
                // The pointer is over the window again without moving (a window over it went away, the
                // window was raised under it): the cursor and hover follow what is under it now.
                let location = Point(x: e.event_x, y: e.event_y)
                window.send(InputEvent.pointerMoved(location, time: eventTime(e.time)).inPoints(scale: scale))
            }
        case XI_DeviceChanged:
            let e = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            scrollValuators.forget(e.sourceid)
            scrollValuators.forget(e.deviceid)
        default:
            break
        }
    }

    private func handlePointer(_ e: XIDeviceEvent, type: Int32) {
        guard e.event == xWindow else { return }
        let location = Point(x: e.event_x, y: e.event_y)
        let time = eventTime(e.time)
        switch type {
        case XI_ButtonPress, XI_ButtonRelease:
            if type == XI_ButtonPress { userPressed(at: e.time) }
            let button = UInt32(e.detail)
            // The valuators scrolled already: the server's wheel presses made from them are left out.
            if (4...7).contains(button), e.flags & XIPointerEmulated != 0 { return }
            guard let input = EventTranslator.button(button, pressed: type == XI_ButtonPress, at: location,
                                                     state: UInt32(bitPattern: e.mods.effective), time: time) else { return }
            window.send(input.inPoints(scale: scale))
        default:
            let values = Self.values(of: e.valuators)
            if !scrollValuators.knows(e.sourceid) { scrollValuators.setAxes(scrollAxes(of: e.sourceid), for: e.sourceid) }
            let scrolled = scrollValuators.notches(device: e.sourceid, values: values)
            // A touchpad's scrolling comes as motion that changes no position: only the scroll goes on.
            let movedByScrollAxesOnly = values.keys.allSatisfy { scrollValuators.isScrollAxis($0, of: e.sourceid) }
            if scrolled == nil || !movedByScrollAxesOnly {
                window.send(InputEvent.pointerMoved(location, time: time).inPoints(scale: scale))
            }
            if let scrolled {
                let shifted = UInt32(bitPattern: e.mods.effective) & UInt32(ShiftMask) != 0
                window.send(Self.scrollEvent(notches: scrolled, at: location, time: time, scale: scale, shifted: shifted))
            }
        }
    }

    /// The core's scroll event for `notches` at `location` (device pixels): whole notches are a wheel's, and
    /// scroll by notches with their short animation; fractions are a touchpad's or a high-resolution
    /// wheel's, and move the content by as much, at once (in device pixels, as the core takes precise deltas).
    /// With Shift held, a vertical scroll goes sideways, as with the core protocol's wheel buttons
    /// (`EventTranslator.wheelNotch`), GTK and browsers.
    static func scrollEvent(notches: Vector, at location: Point, time: Double, scale: Double, shifted: Bool = false) -> InputEvent {
        let notches = shifted && notches.dx == 0 ? Vector(dx: notches.dy, dy: 0) : notches
        let step = InputEvent.wheelNotchDistance
        let whole = notches.dx == notches.dx.rounded() && notches.dy == notches.dy.rounded()
        if whole {
            return InputEvent.scroll(location, delta: Vector(dx: notches.dx * step, dy: notches.dy * step), isPrecise: false,
                                     time: time).inPoints(scale: scale)
        }
        return InputEvent.scroll(location, delta: Vector(dx: notches.dx * step * scale, dy: notches.dy * step * scale),
                                 isPrecise: true, time: time).inPoints(scale: scale)
    }

    /// The valuators an event carries, by number: the values are packed in the order of the mask's set bits.
    private static func values(of state: XIValuatorState) -> [Int: Double] {
        guard let mask = state.mask, let packed = state.values, state.mask_len > 0 else { return [:] }
        var values: [Int: Double] = [:]
        var index = 0
        for number in 0..<(Int(state.mask_len) * 8) where proscenium_xi_mask_is_set(mask, Int32(number)) != 0 {
            values[number] = packed[index]
            index += 1
        }
        return values
    }

    /// The scroll axes of `device`, asked of the server once per device (and again after it changes).
    private func scrollAxes(of device: Int32) -> [ScrollValuators.Axis] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display.pointer, device, &count) else { return [] }
        defer {
            XIFreeDeviceInfo(info)
            // A round trip: events it read wait in Xlib's queue.
            display.events.dispatchQueuedEventsSoon()
        }
        var axes: [ScrollValuators.Axis] = []
        for deviceIndex in 0..<Int(count) {
            let device = info[deviceIndex]
            for classIndex in 0..<Int(device.num_classes) {
                guard let any = device.classes[classIndex], any.pointee.type == XIScrollClass else { continue }
                let scroll = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                axes.append(ScrollValuators.Axis(number: Int(scroll.number), isVertical: scroll.scroll_type == XIScrollTypeVertical,
                                                 increment: scroll.increment))
            }
        }
        return axes
    }
}
