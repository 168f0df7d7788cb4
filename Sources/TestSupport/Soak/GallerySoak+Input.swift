import CX11
import Foundation
import Proscenium
import ProsceniumGallery
import ProsceniumX11

/// The soak's input operations: touches split into press, moves and release, clicks, keys, sheet drags and resizes.
extension GallerySoak {
    func pressAndHold(on target: TouchTarget) {
        releaseHeld(first: true)
        let point: Point
        switch target {
        case .sheetGrabber:
            guard let sheet = topSheetFrame() else {
                notes.append("no sheet to press on")
                return
            }
            point = Point(x: sheet.midX, y: sheet.minY + 8)
        case let .view(identifier):
            guard let view = window.view(withIdentifier: identifier), view.window === window else {
                notes.append("no such view")
                return
            }
            let frame = view.convert(view.bounds, to: window)
            point = Point(x: frame.midX, y: frame.midY)
        case let .point(location):
            point = location
        }
        window.send(.pointerDown(point, button: 1, time: clock.now))
        heldPoint = point
        notes.append("pressed at (\(Int(point.x)), \(Int(point.y)))")
    }

    func moveHeld(by dx: Double, _ dy: Double, steps: Int) {
        guard var point = heldPoint else {
            notes.append("no press held")
            return
        }
        for _ in 0..<max(1, steps) {
            runFrames(1)
            point.x += dx / Double(max(1, steps))
            point.y += dy / Double(max(1, steps))
            window.send(.pointerMoved(point, time: clock.now))
        }
        heldPoint = point
    }

    /// Releases the press held across operations, if any (`first`: before an operation that presses).
    func releaseHeld(first: Bool = false) {
        guard let point = heldPoint else {
            if !first { notes.append("no press held") }
            return
        }
        window.send(.pointerUp(point, button: 1, time: clock.now))
        heldPoint = nil
        if first { notes.append("released the held press first") }
    }

    /// The frame, in the window, of the topmost bottom sheet that is on screen.
    func topSheetFrame() -> Rect? {
        for controller in window.presentedViewControllers.reversed() {
            guard controller.presentingViewController != nil,
                  let sheet = controller.presentationController as? BottomSheetPresentationController,
                  let view = sheet.presentedView, view.window === window else { continue }
            return view.convert(view.bounds, to: window)
        }
        return nil
    }

    /// See `SoakOperation.cancelDragOverWaitingDismissal`: sets the two presentations up first (not
    /// animated) when the top of the window is not a bottom sheet over another presentation.
    func cancelDragOverWaitingDismissal(byEscape: Bool, frames: Int) {
        releaseHeld(first: true)
        func topIsSheetOverAnother() -> Bool {
            let presented = window.presentedViewControllers
            guard presented.count >= 2, let top = presented.last, !top.isBeingDismissed,
                  let sheet = top.presentationController as? BottomSheetPresentationController,
                  sheet.presentedView?.window === window else { return false }
            return true
        }
        if !topIsSheetOverAnother() {
            if window.presentedViewControllers.isEmpty, let root = window.rootViewController {
                world.present(ProbeSpec(style: .builtIn(.formSheet)), from: root, animated: false)
            }
            guard window.presentedViewControllers.count < ProbeWorld.maximumPresented,
                  let top = window.presentedViewControllers.last else { return }
            world.present(ProbeSpec(style: .hooked(.sheet), twoDetents: true), from: top, animated: false)
            runFrames(2)
            notes.append("set up a sheet over \(name(of: top))")
        }
        guard topIsSheetOverAnother(), let frame = topSheetFrame() else {
            notes.append("could not set up a sheet over another presentation")
            return
        }
        let presented = window.presentedViewControllers
        let lower = presented[presented.count - 2]
        let start = Point(x: frame.midX, y: frame.minY + 8)
        let bottom = start.y + 12 + (window.bounds.height - start.y) * 0.6
        var point = start
        window.send(.pointerDown(point, button: 1, time: clock.now))
        // The pan begins once the finger has moved 10 px or so; the moves after that drag the sheet.
        runFrames(1)
        point.y += 12
        window.send(.pointerMoved(point, time: clock.now))
        for _ in 0..<frames {
            runFrames(1)
            point.y += (bottom - start.y - 12) / Double(frames)
            window.send(.pointerMoved(point, time: clock.now))
        }
        runFrames(1)
        notes.append(presented.last?.isBeingDismissed == true ? "the sheet's dismissal is interactive" : "the sheet is not dismissing")
        if byEscape {
            press(.escape)
        } else {
            lower.presentingViewController?.dismiss(animated: true)
        }
        notes.append(lower.isBeingDismissed ? "\(name(of: lower)) is dismissing below" : "\(name(of: lower)) is not dismissing")
        runFrames(3)
        for _ in 0..<frames {
            runFrames(1)
            point.y -= (bottom - start.y - 12) / Double(frames)
            window.send(.pointerMoved(point, time: clock.now))
        }
        runFrames(2)
        window.send(.pointerUp(point, button: 1, time: clock.now))
    }

    func click(at point: Point, twice: Bool) {
        releaseHeld(first: true)
        for _ in 0..<(twice ? 2 : 1) {
            window.send(.pointerDown(point, button: 1, time: clock.now))
            runFrames(1)
            window.send(.pointerUp(point, button: 1, time: clock.now))
            runFrames(1)
        }
    }

    func clickView(_ identifier: String, twice: Bool) {
        guard let view = window.view(withIdentifier: identifier) else { return }
        let frame = view.convert(view.bounds, to: window)
        click(at: Point(x: frame.midX, y: frame.midY), twice: twice)
    }

    func press(_ key: Key) {
        window.send(.keyDown(key, time: clock.now))
        runFrames(1)
        window.send(.keyUp(key, time: clock.now))
    }

    /// Drags a bottom sheet by `distance` from near its top edge (where its grabber is).
    func dragSheet(by distance: Double, over frames: Int) {
        guard let top = window.presentedViewControllers.last, top.presentationController is BottomSheetPresentationController,
              let view = top.presentationController?.presentedView, view.window === window else { return }
        let frame = view.convert(view.bounds, to: window)
        drag(from: Point(x: frame.midX, y: frame.minY + 8), dx: 0, dy: distance, frames: frames)
    }

    /// Presses at `start` (a held press is released first), moves by (`dx`, `dy`) in equal steps one frame
    /// apart and releases: the release velocity is the distance over the time taken.
    func drag(from start: Point, dx: Double, dy: Double, frames: Int) {
        releaseHeld(first: true)
        var point = start
        window.send(.pointerDown(point, button: 1, time: clock.now))
        for _ in 0..<frames {
            runFrames(1)
            point.x += dx / Double(frames)
            point.y += dy / Double(frames)
            window.send(.pointerMoved(point, time: clock.now))
        }
        runFrames(1)
        window.send(.pointerUp(point, button: 1, time: clock.now))
    }

    /// Resizes the X window and lets the host see the ConfigureNotify, as a window manager's resize does.
    func resize(to size: Size) {
        XResizeWindow(host.display.pointer, host.xWindow, UInt32(size.width), UInt32(size.height))
        host.display.sync()
        host.processPendingEvents()
        runFrames(1)
    }
}
