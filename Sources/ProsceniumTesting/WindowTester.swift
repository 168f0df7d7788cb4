import CX11
import Foundation
import Proscenium
import ProsceniumX11

/// A view controller in a real X window on a private Xvfb that the tester starts and stops, driven frame
/// by frame on virtual time: what an app's tests use to tap and type through XTest (so real hit-testing
/// and passthrough run), let time pass, and take screenshots. No `DISPLAY` needed, nothing shared between
/// tests running in parallel.
///
/// ```swift
/// let tester = try await WindowTester.start(HomeViewController(), size: Size(width: 640, height: 480))
/// defer { tester.stop() }
/// try tester.tap("present-card")
/// await tester.settle()
/// try await assertSnapshot(of: tester, named: "card-presented")
/// ```
@MainActor public final class WindowTester {
    /// The private X server the window is on.
    public let server: PrivateXvfb
    /// The connection the window was made on.
    public private(set) var display: Display!
    /// The window host: the X window, its back buffer and renderer.
    public private(set) var host: WindowHost!
    /// The clock the window's frames and animations run on: a `ManualFrameClock` unless
    /// the tester was started with another (a real-time clock, for tests of the live run loop).
    public let frameClock: FrameClock
    /// The manual clock: it moves only when the tester says so, 1/60 s per frame. Traps when the tester
    /// was started with another clock (`frame()`, `advance(by:)` and `settle(limit:)` work with any).
    public var clock: ManualFrameClock {
        guard let manual = frameClock as? ManualFrameClock else { preconditionFailure("this tester runs on \(Swift.type(of: frameClock))") }
        return manual
    }
    private var input: XTestInput?
    /// The text measurer the window's host installed. `TextLayout.measurer` is one for the whole process:
    /// another tester (any host) started while this one waits between frames replaces it, and this window's
    /// text would be laid out with the other display's fonts, or, once that display is closed, with
    /// estimated widths. Each frame puts this one back.
    private var measurer: (any TextMeasuring)?

    /// The core window showing the controller.
    public var window: Proscenium.Window { host.window }
    /// Virtual seconds since the tester started.
    public var time: Double { frameClock.now }

    private init(server: PrivateXvfb, clock: FrameClock) {
        self.server = server
        self.frameClock = clock
    }

    /// Starts an X server of its own (`screen` pixels, at least the window's), shows `controller` as the
    /// root of a window of `size` points at `scale` titled `title`, and, on the manual clock, draws the
    /// first frame. Pass a `clock` to run on another one, such as a `DispatchFrameClock`.
    public static func start(_ controller: ViewController, size: Size = Size(width: 640, height: 480),
                             scale: Double = 1, title: String = "ProsceniumTesting", screen: Size? = nil,
                             clock: FrameClock? = nil) async throws -> WindowTester {
        let pixels = Size(width: (size.width * scale).rounded(.up), height: (size.height * scale).rounded(.up))
        let screen = screen ?? Size(width: max(pixels.width, 1280), height: max(pixels.height, 800))
        let server = try await PrivateXvfb.start(width: Int(screen.width), height: Int(screen.height))
        let tester = WindowTester(server: server, clock: clock ?? ManualFrameClock())
        do {
            let display = try Display(name: server.displayName)
            tester.display = display
            let configuration = WindowConfiguration(title: title, size: size,
                                                    minimumSize: Size(width: min(320, size.width), height: min(240, size.height)),
                                                    scale: scale)
            tester.host = WindowHost(display: display, configuration: configuration, clock: tester.frameClock)
            tester.measurer = TextLayout.measurer
            tester.host.onClose = {}
            tester.host.window.rootViewController = controller
            try await tester.waitUntil("the window is mapped") { tester.host.isMapped }
            if tester.frameClock is ManualFrameClock { tester.frame() }
        } catch {
            await tester.stop()
            throw error
        }
        return tester
    }

    // MARK: - Time

    /// One frame: reads the X events that arrived (input included), then advances the manual clock 1/60 s.
    /// On another clock, which runs its frames by itself, it only reads the events.
    public func frame() {
        if let measurer { TextLayout.measurer = measurer }
        display.sync()
        host.processPendingEvents()
        (frameClock as? ManualFrameClock)?.step()
    }

    /// Frames until `seconds` of virtual time have passed. It lets the caller's actor run other work every
    /// few frames, so a long span does not hold up the other tests that share it. On another clock it
    /// waits `seconds` of real time, reading events meanwhile.
    public func advance(by seconds: Double) async {
        guard let clock = frameClock as? ManualFrameClock else {
            _ = await waitLive(seconds: seconds) { false }
            return
        }
        let end = clock.now + seconds - clock.interval / 2
        var frames = 0
        repeat {
            frame()
            frames += 1
            if frames % Self.framesBetweenYields == 0 { await Task.yield() }
        } while clock.now < end
    }

    /// Frames until nothing moves any more (no animation asks for a frame), at most `limit` seconds of
    /// virtual time; returns false when something was still moving then. Like `advance(by:)`, it lets
    /// other work run every few frames. On a `DispatchFrameClock` it waits, in real time, until the clock
    /// sleeps; another clock cannot tell, and it returns false after `limit`.
    @discardableResult
    public func settle(limit: Double = 10) async -> Bool {
        guard let clock = frameClock as? ManualFrameClock else {
            let live = frameClock as? DispatchFrameClock
            return await waitLive(seconds: limit) { live.map { !$0.isRunning } ?? false }
        }
        let end = clock.now + limit
        var frames = 0
        repeat {
            frame()
            if !clock.needsFrame { return true }
            frames += 1
            if frames % Self.framesBetweenYields == 0 { await Task.yield() }
        } while clock.now < end
        return false
    }

    /// On a clock that runs by itself: reads events every 2 ms of real time for `seconds`, or until `done`
    /// holds; returns whether it did.
    private func waitLive(seconds: Double, until done: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            frame()
            if done() { return true }
            try? await Task.sleep(for: .milliseconds(2))
        } while Date() < deadline
        return false
    }

    /// How many frames run between two yields of `advance(by:)` and `settle(limit:)`: a few milliseconds'
    /// work in a debug build.
    static let framesBetweenYields = 4

    // MARK: - Finding views

    /// The view with `identifier` in the window, presentations included; nil when there is none.
    public func view(withIdentifier identifier: String) -> View? {
        func search(_ view: View) -> View? {
            if view.identifier == identifier { return view }
            for subview in view.subviews.reversed() { if let found = search(subview) { return found } }
            return nil
        }
        return search(window)
    }

    /// The centre of the view with `identifier` in window points; throws when there is no such view.
    public func center(of identifier: String) throws(WindowTesterError) -> Point {
        guard let view = view(withIdentifier: identifier) else { throw .noView(identifier) }
        return Self.center(of: view)
    }

    private static func center(of view: View) -> Point {
        let frame = view.convert(view.bounds, to: nil)
        return Point(x: frame.midX, y: frame.midY)
    }

    // MARK: - Input through XTest

    private func xtest() throws -> XTestInput {
        if let input { return input }
        let made = try XTestInput(displayName: server.displayName)
        input = made
        return made
    }

    /// Where a window point is on the X screen, in device pixels.
    public func screenPoint(_ point: Point) -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display.pointer, host.xWindow, display.rootWindow, 0, 0, &x, &y, &child)
        return Point(x: Double(x) + point.x * host.scale, y: Double(y) + point.y * host.scale)
    }

    /// Clicks at a window point (in points), then runs a frame, which delivers it.
    public func tap(at point: Point) throws {
        try xtest().click(at: screenPoint(point))
        frame()
    }

    /// Clicks the centre of the view with `identifier`, then runs a frame. Throws, clicking nothing, when
    /// a click there would not reach the view, as a user could not tap it: it is hidden (or an ancestor
    /// is), out of the window, or covered by another view at its centre. `tap(at:)` clicks anywhere.
    public func tap(_ identifier: String) throws {
        try tap(at: reachableCenter(of: identifier))
    }

    /// The centre of the view with `identifier`, if a click there reaches it or a view inside it.
    private func reachableCenter(of identifier: String) throws(WindowTesterError) -> Point {
        guard let view = view(withIdentifier: identifier) else { throw .noView(identifier) }
        let center = Self.center(of: view)
        var ancestor: View? = view
        while let current = ancestor {
            if current.isHidden || current.alpha < 0.01 { throw .notReachable(identifier, reason: "it is hidden") }
            ancestor = current.superview
        }
        guard window.bounds.contains(center) else {
            throw .notReachable(identifier, reason: "its centre \(center) is outside the window")
        }
        let hit = window.hitTest(center, with: nil)
        // The view, a view inside it, or one it sits in (a label that takes no touches leaves them to its
        // button) takes the click; another one over it would, and so would the window's background under
        // a container that takes no touches.
        func takesItFor(_ ancestor: View) -> Bool {
            guard view.isDescendant(of: ancestor) else { return false }
            var between = view.superview
            while let current = between, current !== ancestor {
                if !current.isUserInteractionEnabled { return false }
                between = current.superview
            }
            return true
        }
        guard let hit, hit === view || hit.isDescendant(of: view) || takesItFor(hit) else {
            let what = hit.map { $0.identifier.map { "'\($0)'" } ?? "a \(Swift.type(of: $0))" } ?? "nothing"
            throw .notReachable(identifier, reason: "a click at its centre reaches \(what)")
        }
        return center
    }

    /// Right-clicks at a window point (in points), as a user opening a context menu, then runs a frame.
    public func secondaryClick(at point: Point) throws {
        try xtest().click(at: screenPoint(point), button: 3)
        frame()
    }

    /// Presses at the centre of the view with `identifier`, moves by `offset` points in `steps` moves, one
    /// frame each, and releases; throws, pressing nothing, when a press there would not reach the view
    /// (see `tap(_:)`).
    public func drag(_ identifier: String, by offset: Point, steps: Int = 10) throws {
        let start = try reachableCenter(of: identifier)
        let input = try xtest()
        input.move(to: screenPoint(start))
        input.press()
        frame()
        let count = max(1, steps)
        for step in 1...count {
            let t = Double(step) / Double(count)
            input.move(to: screenPoint(Point(x: start.x + offset.x * t, y: start.y + offset.y * t)))
            frame()
        }
        input.release()
        frame()
    }

    /// Gives the window keyboard focus, as a window manager does when the user clicks it (there is none
    /// on the tester's server): keys go to the focused window, not the one under the pointer.
    private func focusWindow() {
        XSetInputFocus(display.pointer, host.xWindow, RevertToParent, Time(CurrentTime))
        display.sync()
    }

    /// Presses and releases the key for `keysym` (`XK_Escape`, `XK_Return`, `XK_a`, …), then runs a frame.
    public func press(keysym: UInt) throws {
        focusWindow()
        guard try xtest().key(keysym) else { throw WindowTesterError.noKey(keysym) }
        frame()
    }

    /// Holds the keys for `modifiers` (`XK_Shift_L`, `XK_Alt_L`, …) while pressing `keysym`: a chord
    /// such as Shift+F10; then runs a frame.
    public func press(keysym: UInt, holding modifiers: [UInt]) throws {
        focusWindow()
        let input = try xtest()
        // Released whatever happens next, those held so far included when a later one has no key.
        var held: [UInt] = []
        defer { for modifier in held.reversed() { _ = input.release(key: modifier) } }
        for modifier in modifiers {
            guard input.press(key: modifier) else { throw WindowTesterError.noKey(modifier) }
            held.append(modifier)
        }
        guard input.key(keysym) else { throw WindowTesterError.noKey(keysym) }
        frame()
    }

    /// Types `text` (printable ASCII) through XTest, to whichever responder has the keyboard, then runs a
    /// frame.
    public func type(_ text: String) throws {
        focusWindow()
        guard try xtest().type(text) else { throw WindowTesterError.cannotType(text) }
        frame()
    }

    // MARK: - Pixels

    /// The last frame as the window's back buffer holds it, in device pixels: the same pixels as the
    /// demo's `--screenshot`, right even where the window is off screen or covered.
    public func screenshot() throws -> Image {
        try host.captureBackBuffer()
    }

    // MARK: - Ending

    /// Closes the window and the connection, then stops the server (the other order would leave Xlib
    /// talking to a dead server) and returns once it has exited, waiting asleep. Safe to call twice.
    public func stop() async {
        closeWindow()
        await server.stop()
    }

    /// Closes the window and the connection as `stop() async` does, then has the server stopped in the
    /// background, without waiting for it: for a `defer`, which cannot wait. Safe to call twice.
    public func stop() {
        closeWindow()
        server.stop()
    }

    private func closeWindow() {
        input = nil
        if let host {
            // What the test still holds (a presented controller, its views) must not keep the window's
            // display alive past its server: everything presented leaves with the window.
            host.window.rootViewController?.dismiss(animated: false)
            host.window.rootViewController = nil
            self.host = nil
        }
        display?.sync()
        display = nil
    }

    /// Handles the X events that arrive until `condition` holds, failing after `timeout` seconds of real
    /// time; it sleeps between looks without blocking the main actor.
    public func waitUntil(_ what: String, timeout: Double = 5, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            display.sync()
            host.processPendingEvents()
            if condition() { return }
            if Date() > deadline {
                // A main actor busy with other work for longer than the timeout resumes this waiter before
                // the timers and events that came due meanwhile: let them run once, then decide.
                try await Task.sleep(for: .milliseconds(50))
                display.sync()
                host.processPendingEvents()
                if condition() { return }
                throw WindowTesterError.timeout(what)
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Why a `WindowTester` call failed.
public enum WindowTesterError: Error, CustomStringConvertible {
    /// No view in the window has this identifier.
    case noView(String)
    /// No key of the server's keymap types this keysym.
    case noKey(UInt)
    /// Some character of this text is not printable ASCII, or no key types it.
    case cannotType(String)
    /// The window did not get there in time.
    case timeout(String)
    /// A click could not reach the view with this identifier, for the reason given.
    case notReachable(String, reason: String)

    public var description: String {
        switch self {
        case let .noView(identifier): return "no view with identifier '\(identifier)' in the window"
        case let .noKey(keysym): return "no key types keysym 0x\(String(keysym, radix: 16))"
        case let .cannotType(text): return "cannot type '\(text)': only printable ASCII that a key of the keymap produces"
        case let .timeout(what): return "timed out waiting until \(what)"
        case let .notReachable(identifier, reason): return "cannot tap '\(identifier)': \(reason)"
        }
    }
}
