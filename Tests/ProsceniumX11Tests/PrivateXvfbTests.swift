import CX11
import Foundation
import Proscenium
import Testing
import TestSupport

/// Private X servers: found without DISPLAY, independent of each other, and always gone afterwards.
@Suite("PrivateXvfb")
struct PrivateXvfbTests {
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0
    }

    static func canConnect(_ name: String) -> Bool {
        guard let display = XOpenDisplay(name) else { return false }
        XCloseDisplay(display)
        return true
    }

    @Test("two servers at once get different displays, and both are gone after stop")
    func twoServers() async throws {
        async let first = PrivateXvfb.start(width: 320, height: 200)
        async let second = PrivateXvfb.start(width: 640, height: 480)
        let (a, b) = try await (first, second)
        #expect(a.displayName != b.displayName)
        #expect(a.displayName.hasPrefix(":") && b.displayName.hasPrefix(":"))
        #expect(Self.canConnect(a.displayName) && Self.canConnect(b.displayName))
        #expect(Self.isAlive(a.pid) && Self.isAlive(b.pid))
        #expect(a.startupSeconds < 10)

        await a.stop()
        await b.stop()
        #expect(!Self.isAlive(a.pid) && !Self.isAlive(b.pid))
        #expect(!a.isRunning && !b.isRunning)
        await b.stop()  // stopping twice is harmless
    }

    @Test("the screen has the requested size")
    func screenSize() async throws {
        let server = try await PrivateXvfb.start(width: 333, height: 222)
        defer { server.stop() }
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        #expect(XDisplayWidth(display, 0) == 333)
        #expect(XDisplayHeight(display, 0) == 222)
    }

    @Test("kill() ends the server at once, so its clients lose the connection")
    func killNow() async throws {
        let server = try await PrivateXvfb.start(width: 320, height: 200)
        let client = try #require(XOpenDisplay(server.displayName))
        let socket = XConnectionNumber(client)
        let started = Date()
        await server.kill()
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(!Self.isAlive(server.pid))
        // The client's socket reaches end-of-file. (Checking that a new connection fails would race with
        // other tests, whose servers may take the freed display number at once.) The connection is left
        // open on purpose: any Xlib call on it now would run the process-wide I/O error handler.
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 1000) == 1)
        var byte: UInt8 = 0
        #expect(recv(socket, &byte, 1, Int32(MSG_PEEK)) == 0)
        await server.stop()
    }

    @Test("withPrivateXvfb stops the server when the body throws, and deinit stops a forgotten one")
    func cleanup() async throws {
        struct Oops: Error {}
        var pid: pid_t = 0
        await #expect(throws: Oops.self) {
            try await withPrivateXvfb(width: 320, height: 200) { server in
                pid = server.pid
                #expect(Self.isAlive(pid))
                throw Oops()
            }
        }
        #expect(pid != 0 && !Self.isAlive(pid))

        var forgotten: PrivateXvfb? = try await PrivateXvfb.start(width: 320, height: 200)
        let forgottenPid = try #require(forgotten?.pid)
        forgotten = nil
        // A deinit cannot wait: it asks the server to quit, and the server is reaped in the background.
        let deadline = Date().addingTimeInterval(5)
        while Self.isAlive(forgottenPid), Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!Self.isAlive(forgottenPid))
    }

    @Test("stop() without await returns at once, even for a server that does not quit; stop() async kills that one after the grace")
    func stopWithoutWaiting() async throws {
        let server = try await PrivateXvfb.start(width: 320, height: 200)
        // Stopped, it cannot act on SIGTERM: only the SIGKILL after the 2 s grace ends it.
        kill(server.pid, SIGSTOP)
        // The form a `defer` calls (in an async function the compiler picks `stop() async`).
        func stopWithoutWaiting() { server.stop() }
        let started = Date()
        stopWithoutWaiting()
        #expect(Date().timeIntervalSince(started) < 0.5, "stop() waited for the server")
        #expect(!server.isRunning)
        await server.stop()
        #expect(Date().timeIntervalSince(started) >= 1.9, "SIGKILL came before the grace was over")
        #expect(!Self.isAlive(server.pid), "stop() async returned before the server was reaped")
    }

    @Test("XTest clicks reach a window on the private server")
    @MainActor func xtestClick() async throws {
        let server = try await PrivateXvfb.start(width: 320, height: 200)
        defer { server.stop() }
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        let window = XCreateSimpleWindow(display, XRootWindow(display, 0), 20, 30, 100, 80, 0, 0, 0xFFFFFF)
        XSelectInput(display, window, ButtonPressMask | ButtonReleaseMask | KeyPressMask)
        XMapWindow(display, window)
        XSetInputFocus(display, window, RevertToParent, Time(CurrentTime))
        XSync(display, 0)

        let input = try XTestInput(displayName: server.displayName)
        input.click(at: Point(x: 25, y: 36), button: 1)
        #expect(input.key(UInt(XK_a)))

        var seen: [(Int32, Int32, Int32)] = []
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if event.type == ButtonPress || event.type == ButtonRelease {
                seen.append((event.type, event.xbutton.x, event.xbutton.y))
            } else if event.type == KeyPress {
                seen.append((event.type, 0, 0))
            }
        }
        #expect(seen.map(\.0) == [ButtonPress, ButtonRelease, KeyPress])
        #expect(seen.first?.1 == 5 && seen.first?.2 == 6)
    }

    @Test("a server that cannot start reports why, with Xvfb's own output")
    func startFailure() async throws {
        await #expect {
            _ = try await PrivateXvfb.start(width: 100, height: 100, depth: 3)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Xvfb did not start:") && text.contains("Fatal server error")
        }
    }
}
