import CX11
import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// A window host on its own private Xvfb, driven by a manual frame clock: the set-up shared by the X tests,
/// built on the public testing library's `WindowTester` with a plain root view to add views to.
@MainActor final class HostFixture {
    let tester: WindowTester
    var server: PrivateXvfb { tester.server }
    var display: Display! { tester.display }
    var frameClock: FrameClock { tester.frameClock }
    /// The manual clock most tests step; only valid when the fixture was made without another clock.
    var clock: ManualFrameClock { tester.clock }
    var host: WindowHost! { tester.host }
    let root = View()

    init(size: Size = Size(width: 640, height: 480), screen: Size = Size(width: 1280, height: 800),
         clock: FrameClock = ManualFrameClock()) async throws {
        let controller = ViewController()
        controller.view = root
        root.identifier = "root"
        root.backgroundColor = .white
        tester = try await WindowTester.start(controller, size: size, title: "test", screen: screen, clock: clock)
    }

    /// Reads pending X events, then runs a frame if one was asked for.
    func frame() {
        tester.frame()
    }

    /// Processes X events until `condition` holds, failing after `timeout` seconds. It sleeps without
    /// blocking the main thread, so other suites' Dispatch timers keep running meanwhile.
    func waitUntil(_ what: String, timeout: Double = 5, _ condition: () -> Bool) async throws {
        try await tester.waitUntil(what, timeout: timeout, condition)
    }

    /// The window's pixels as the X server has them (not the back buffer).
    func capture() throws -> Image {
        try host.captureImage()
    }

    /// The X window's size as the server reports it.
    func serverWindowSize() -> Size {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display.pointer, host.xWindow, &attributes)
        return Size(width: Double(attributes.width), height: Double(attributes.height))
    }

    /// Where the window's top-left corner is on the screen, for XTest input in screen coordinates.
    func windowOrigin() -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display.pointer, host.xWindow, display.rootWindow, 0, 0, &x, &y, &child)
        return Point(x: Double(x), y: Double(y))
    }

    /// Closes the window and the connection, then stops the server: the other order would leave Xlib
    /// talking to a dead server, which ends the test process through the I/O error handler. Returns once
    /// the server has exited, waiting asleep.
    func stop() async {
        host?.framePresented = nil
        await tester.stop()
    }

    /// Closes the window and the connection as `stop() async` does, and has the server stopped in the
    /// background: for a `defer`, which cannot wait.
    func stop() {
        host?.framePresented = nil
        tester.stop()
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case timeout(String)

    var description: String {
        switch self {
        case .timeout(let what): return "timed out waiting until \(what)"
        }
    }
}

/// A view that records the touches it receives, in its own coordinates.
@MainActor final class TouchRecordingView: View {
    var log: [(Touch.Phase, Point)] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { record(touches) }

    private func record(_ touches: Set<Touch>) {
        for touch in touches { log.append((touch.phase, touch.location(in: self))) }
    }
}
