import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import Testing
import TestSupport

/// The window's whole life as other clients see it: destroyed under the app (`xdotool windowclose` is
/// XDestroyWindow), unmapped and mapped again (`xdotool windowunmap`, minimising), with the library's
/// answers: `onDestroyed` and exit status 1 for the demo and `Application.run`, no X error logged, no frames
/// and no CPU while hidden, a whole frame of the current state when shown again.
@MainActor @Suite("Window lifecycle", .serialized)
struct WindowLifecycleTests {
    // MARK: - Destroyed by another client

    @Test("xdotool windowclose destroys the window: the host calls onDestroyed once and draws nothing more")
    func destroyedWindowStopsTheHost() async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        var destroyedCalls = 0
        fixture.host.onDestroyed = { destroyedCalls += 1 }
        let card = View(frame: Rect(x: 20, y: 20, width: 100, height: 100))
        card.backgroundColor = .systemBlue
        fixture.root.addSubview(card)
        fixture.frame()
        #expect(fixture.host.rendersFrames)

        try await Xdotool.run(["windowclose", String(fixture.host.xWindow)], display: fixture.server.displayName)
        try await fixture.waitUntil("the DestroyNotify is handled") { fixture.host.isDestroyed }
        #expect(destroyedCalls == 1)
        #expect(!fixture.host.rendersFrames && !fixture.host.isMapped)

        // The window really is gone on the server (windowclose is XDestroyWindow, not XKillClient: our
        // connection lives on).
        var attributes = XWindowAttributes()
        let (found, errors) = XErrorTrap.run(on: fixture.display.pointer) {
            XGetWindowAttributes(fixture.display.pointer, fixture.host.xWindow, &attributes)
        }
        #expect(found == 0 && errors.first?.hasPrefix("BadWindow") == true, "\(errors)")

        // Frames asked for from now on are not run, and nothing is presented.
        let presented = fixture.host.presentedFrames
        let frames = fixture.host.window.frameCount
        for step in 1...5 {
            card.frame.origin.x = 20 + Double(step) * 10
            fixture.frame()
        }
        #expect(fixture.host.presentedFrames == presented)
        #expect(fixture.host.window.frameCount == frames)
        #expect(!fixture.host.click(at: Point(x: 10, y: 10)), "no XTest click on a window that is gone")
        #expect(destroyedCalls == 1, "one call, however many events follow")

        // The errors our requests on the dead window would cause are expected ones: not logged.
        var event = XErrorEvent()
        event.resourceid = fixture.host.xWindow
        event.error_code = UInt8(BadDrawable)
        #expect(VanishingWindowErrors.explains(fixture.display.pointer, event))
        event.error_code = UInt8(BadMatch)
        #expect(!VanishingWindowErrors.explains(fixture.display.pointer, event), "other errors are still logged")
    }

    @Test("a destroyed host's deinit frees its own resources and not the window again: no X error, none left over")
    func deinitAfterDestroy() async throws {
        let server = try await PrivateXvfb.start(width: 800, height: 600)
        defer { server.stop() }
        // Connections closed before the server stops (one outliving it would end the test process).
        do {
            let display = try Display(name: server.displayName)
            var host: WindowHost? = WindowHost(display: display, configuration: WindowConfiguration(size: Size(width: 300, height: 200)),
                                               clock: ManualFrameClock())
            host!.onDestroyed = {}
            let window = host!.xWindow
            let deadline = Date().addingTimeInterval(5)
            while !host!.isMapped, Date() < deadline {
                display.sync()
                display.processPendingEvents()
                try await Task.sleep(for: .milliseconds(2))
            }
            (host!.window.clock as! ManualFrameClock).step()
            #expect(host!.presentedFrames == 1)

            let killer = try Display(name: server.displayName)
            XDestroyWindow(killer.pointer, window)
            killer.sync()
            display.sync()
            display.processPendingEvents()
            #expect(host!.isDestroyed)

            // Everything the host frees in deinit, under a trap of the test's own: no error at all. (The trap
            // collects what the process-wide handler would otherwise log.)
            let (_, errors) = XErrorTrap.run(on: display.pointer) { host = nil }
            #expect(errors.isEmpty, "\(errors)")
            #expect(!display.events.routedWindows.contains(window), "the dispatcher forgot the window")
            var event = XErrorEvent()
            event.resourceid = window
            event.error_code = UInt8(BadWindow)
            #expect(!VanishingWindowErrors.explains(display.pointer, event), "errors on the id are logged again")
        }
    }

    @Test("destroyed by another client after a frame read the events but before it drew: the back buffer's errors are expected, not logged")
    func destroyedMidFrame() async throws {
        let server = try await PrivateXvfb.start(width: 800, height: 600)
        defer { server.stop() }
        // Connections closed before the server stops (one outliving it would end the test process).
        do {
            let display = try Display(name: server.displayName)
            let killer = try Display(name: server.displayName)
            let host = WindowHost(display: display, configuration: WindowConfiguration(size: Size(width: 300, height: 200)),
                                  clock: ManualFrameClock())
            host.onDestroyed = {}
            // The first frame reads the events, then another client destroys the window: the frame draws on,
            // and makes its back buffer from a window that is gone, as a window closed the moment it
            // appeared (`xdotool windowclose` racing the first frame) does.
            let readEvents = host.window.frameWillBegin
            let window = host.xWindow
            host.window.frameWillBegin = {
                readEvents?()
                XDestroyWindow(killer.pointer, window)
                killer.sync()
            }
            defer { host.window.frameWillBegin = readEvents }
            let (_, errors) = XErrorTrap.run(on: display.pointer) { (host.window.clock as! ManualFrameClock).step() }
            #expect(!errors.isEmpty, "the frame's requests on the destroyed window failed")
            for error in errors {
                #expect(Self.isExpected(error, on: display.pointer), "logged: \(error)")
            }
            display.processPendingEvents()
            #expect(host.isDestroyed, "the DestroyNotify arrives after the frame")
        }
    }

    /// Whether `VanishingWindowErrors` explains the error `XErrorTrap` described as `text` ("BadDrawable
    /// (…), request 139.4, resource 0x400005").
    private static func isExpected(_ text: String, on display: OpaquePointer) -> Bool {
        guard let range = text.range(of: "resource 0x"), let resource = UInt(text[range.upperBound...], radix: 16) else { return false }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        XRenderQueryExtension(display, &eventBase, &errorBase)
        let codes: [(String, Int32)] = [("RenderBadPicture", errorBase + Int32(BadPicture)), ("BadDrawable", BadDrawable),
                                        ("BadPixmap", BadPixmap), ("BadWindow", BadWindow)]
        guard let code = codes.first(where: { text.hasPrefix($0.0) })?.1 else { return false }
        var event = XErrorEvent()
        event.resourceid = XID(resource)
        event.error_code = UInt8(code)
        return VanishingWindowErrors.explains(display, event)
    }

    @Test("the demo, its window destroyed mid-animation, exits 1 with one line on stderr and no X error",
          arguments: [0.05, 0.4, 0.9])
    func demoExitsWhenDestroyed(delay: Double) async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--animate-continuously", "--log-events", "--size", "640x480"],
                                   environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        let window = try Self.window(of: try await demo.event("ready"))
        _ = try await demo.event("transition")
        try await Task.sleep(for: .milliseconds(Int(delay * 1000)))

        try await Xdotool.run(["windowclose", String(window)], display: server.displayName)
        let exit = try #require(await demo.exit(timeout: 5), "the demo ran on after its window was destroyed\n\(demo.diagnosis)")
        #expect(exit.status == 1)
        #expect(demo.errorOutput == "proscenium-demo: the window was destroyed by another client; quitting\n")
        #expect(demo.events("exit").last?["status"] as? Int == 1)
    }

    @Test("xdotool windowkill (XKillClient) ends the demo through the lost connection: exit 1, one line")
    func demoExitsWhenKilled() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events", "--size", "640x480"], environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        let window = try Self.window(of: try await demo.event("ready"))
        try await Xdotool.run(["windowkill", String(window)], display: server.displayName)
        let exit = try #require(await demo.exit(timeout: 5), "\(demo.diagnosis)")
        #expect(exit.status == 1)
        #expect(demo.errorOutput.contains("lost the connection to X server"), "\(demo.errorOutput)")
        #expect(demo.errorOutput.split(separator: "\n").count == 1, "\(demo.errorOutput)")
    }

    @Test("Application.run (the HelloCard example) ignores SIGPIPE and exits 1 with one line when its window is destroyed")
    func applicationRunExitsWhenDestroyed() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let app = try DemoProcess(product: "HelloCard", environment: ["DISPLAY": server.displayName])
        defer { app.stop() }
        do {
            let display = try Display(name: server.displayName)
            var window: CX11.Window?
            let deadline = Date().addingTimeInterval(20)
            while window == nil, Date() < deadline, app.isRunning {
                window = Self.topLevelWindows(display).first {
                    WindowPropertyReader.cardinals(display.pointer, $0, "_NET_WM_PID") == [Int(app.pid)]
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            let appWindow = try #require(window, "HelloCard never showed its window; stderr: \(app.errorOutput)")

            // SigIgn in /proc/PID/status is a hex mask of ignored signals: SIGPIPE (13) is bit 12.
            let status = try String(contentsOfFile: "/proc/\(app.pid)/status", encoding: .utf8)
            let ignored = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
                .flatMap { UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) })
            #expect(ignored & (1 << (UInt64(SIGPIPE) - 1)) != 0, "SIGPIPE is not ignored: SigIgn \(String(ignored, radix: 16))")

            try await Xdotool.run(["windowclose", String(appWindow)], display: server.displayName)
            let exit = try #require(await app.exit(timeout: 5), "HelloCard ran on after its window was destroyed")
            #expect(exit.status == 1)
            #expect(app.errorOutput == "HelloCard: the window was destroyed by another client; quitting\n")
        }
    }

    // MARK: - Unmapped

    @Test("unmapped mid-animation, the host draws nothing and keeps time at 4 frames a second: the completion runs on time; mapped again, one whole frame shows the end")
    func unmappedWindowDrawsNothing() async throws {
        let clock = DispatchFrameClock()
        let fixture = try await HostFixture(size: Size(width: 640, height: 480), clock: clock)
        defer { fixture.stop() }
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        card.backgroundColor = Color(hex: 0x2040E0)
        fixture.root.addSubview(card)
        try await fixture.waitUntil("the first frame") { fixture.host.presentedFrames > 0 }

        // Long enough that a loaded machine still unmaps mid-animation.
        let duration = 3.0
        let start = Date()
        var completedAfter: Double?
        View.animate(withDuration: duration, animations: { card.frame.origin = Point(x: 480, y: 340) },
                     completion: { _ in completedAfter = Date().timeIntervalSince(start) })
        let animating = fixture.host.presentedFrames
        try await fixture.waitUntil("the animation draws frames") { fixture.host.presentedFrames >= animating + 2 }

        let display = fixture.server.displayName, window = String(fixture.host.xWindow)
        try await Xdotool.run(["windowunmap", window], display: display)
        try await fixture.waitUntil("the UnmapNotify is handled") { !fixture.host.isMapped }
        #expect(!fixture.host.rendersFrames)
        // Hidden, frames keep time at 4 a second and present nothing.
        let ticks = clock.ticks, presented = fixture.host.presentedFrames, frames = fixture.host.window.frameCount
        try await Task.sleep(for: .milliseconds(600))
        fixture.host.processPendingEvents()
        #expect(fixture.host.presentedFrames == presented, "frames were presented while unmapped")
        let hiddenFrames = fixture.host.window.frameCount - frames
        #expect((1...4).contains(hiddenFrames), "\(hiddenFrames) frames ran in 0.6 s unmapped")
        #expect(clock.ticks <= ticks + 2 * 4, "the frame clock kept ticking: \(clock.ticks - ticks) ticks")
        #expect(Date().timeIntervalSince(start) < duration, "the machine was too slow to unmap mid-animation")
        // The completion runs on time though nothing is drawn, and then the clock sleeps.
        try await fixture.waitUntil("the completion runs while unmapped", timeout: 5) { completedAfter != nil }
        let completed = try #require(completedAfter)
        #expect(completed >= duration && completed < duration + 2 * WindowHost.hiddenFrameInterval + 0.2,
                "completed \(completed) s after the start of a \(duration) s animation")
        #expect(fixture.host.presentedFrames == presented && !fixture.host.isMapped)
        try await Task.sleep(for: .milliseconds(300))
        #expect(!clock.isRunning, "nothing animates: the clock sleeps")

        // Shown again after the animation's end: the first frame draws all of the window as it is now.
        let remaining = duration + 0.2 - Date().timeIntervalSince(start)
        if remaining > 0 { try await Task.sleep(for: .milliseconds(Int(remaining * 1000))) }
        var regions: [Proscenium.Region] = []
        fixture.host.framePresented = { regions.append($0) }
        try await Xdotool.run(["windowmap", window], display: display)
        try await fixture.waitUntil("a frame after mapping") { fixture.host.isMapped && !regions.isEmpty }
        let first = try #require(regions.first)
        #expect(first == Proscenium.Region(Rect(x: 0, y: 0, width: 640, height: 480)), "the first frame after mapping is whole: \(regions)")
        #expect(card.frame.origin == Point(x: 480, y: 340))
        try await fixture.waitUntil("the window shows the end of the animation") {
            guard let shot = try? fixture.capture() else { return false }
            return shot.color(atX: 530, y: 390).isClose(to: Color(hex: 0x2040E0)) && shot.color(atX: 50, y: 50).isClose(to: .white)
        }
    }

    @Test("the demo unmapped mid-presentation: its transition still ends on time, then no CPU tick in two seconds; mapped, it animates again")
    func unmappedDemoIdles() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--scene", "bouncy", "--dismiss-at", "6", "--log-events", "--size", "640x480"],
                                   environment: ["DISPLAY": server.displayName])
        defer { demo.stop() }
        let window = String(try Self.window(of: try await demo.event("ready")))
        try await Xdotool.run(["windowunmap", window], display: server.displayName)
        let unmapped = Date()
        try await waitUntil("the presentation ends while unmapped", timeout: 5) {
            demo.events("transition").contains { $0["phase"] as? String == "presentationDidEnd" }
        }
        #expect(Date().timeIntervalSince(unmapped) < 1.5, "the 0.8 s spring ended on time though nothing was drawn")
        // The renderer lets go of animation resources a second after the last frame: past that.
        try await Task.sleep(for: .milliseconds(1300))

        let ticks = (demo: ProcessCPU.seconds(pid: demo.pid), server: ProcessCPU.seconds(pid: server.pid))
        let precise = ProcessCPU.sample(pid: demo.pid)
        let transitions = demo.events("transition").count
        try await Task.sleep(for: .seconds(2))
        let demoTicks = ProcessCPU.seconds(pid: demo.pid) - ticks.demo
        let serverTicks = ProcessCPU.seconds(pid: server.pid) - ticks.server
        let demoPrecise = ProcessCPU.seconds(from: precise, to: ProcessCPU.sample(pid: demo.pid))
        print(String(format: "unmapped demo over 2 s: %.0f ms of ticks (%.3f ms measured per thread), X server %.0f ms",
                     demoTicks * 1000, demoPrecise * 1000, serverTicks * 1000))
        #expect(demoTicks == 0, "the unmapped demo used CPU: \(demoPrecise * 1000) ms")
        #expect(serverTicks == 0, "the X server was kept busy")
        #expect(demo.events("transition").count == transitions, "transitions went on while unmapped")

        // Mapped again, the dismissal at 6 s animates and ends.
        try await Xdotool.run(["windowmap", window], display: server.displayName)
        try await waitUntil("the dismissal at 6 s runs once mapped", timeout: 10) {
            demo.events("transition").contains { $0["phase"] as? String == "dismissalDidEnd" }
        }
        #expect(demo.errorOutput.isEmpty, "\(demo.errorOutput)")
    }

    // MARK: - Helpers

    private static func window(of ready: [String: Any]) throws -> CX11.Window {
        CX11.Window(try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) }))
    }

    private static func topLevelWindows(_ display: Display) -> [CX11.Window] {
        var root: CX11.Window = 0, parent: CX11.Window = 0
        var children: UnsafeMutablePointer<CX11.Window>?
        var count: UInt32 = 0
        XQueryTree(display.pointer, display.rootWindow, &root, &parent, &children, &count)
        guard let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }
}

/// `xdotool`, run against a private server.
enum Xdotool {
    /// Runs `xdotool arguments` with `DISPLAY` set to `display` to its end; a failure throws, with what it
    /// printed. See `XClientTool`, which keeps the main actor free meanwhile.
    static func run(_ arguments: [String], display: String) async throws {
        _ = try await XClientTool.output(of: "xdotool", arguments, environment: ["DISPLAY": display])
    }
}

