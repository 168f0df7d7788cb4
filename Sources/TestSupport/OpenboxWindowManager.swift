import CX11
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A real window manager, Debian's openbox, managing a private Xvfb: it reparents windows into decorated
/// frames, resizes them with `_NET_WM_SYNC_REQUEST`, closes them with `WM_DELETE_WINDOW` and pings them.
///
/// It runs with a configuration of the test's own (written to a temporary folder, with its cache there
/// too), so the user's openbox settings never change what a test sees: the Clearlooks theme with the close
/// button rightmost in the title bar, windows placed at (`placement.x`, `placement.y`), a left drag on the
/// bottom-right corner resizing, a click on the close button closing. Stopped by `stop()`, on deinit, at
/// exit, and by a parent-death signal when the test process dies.
public final class OpenboxWindowManager: Sendable {
    /// Where openbox places every new window's frame, in screen coordinates.
    public static let placement = (x: 40, y: 30)

    /// The window manager's process id.
    public let pid: pid_t
    /// The display it manages, such as ":3".
    public let displayName: String

    private let folder: String
    private let logPath: String
    private let running = Mutex(true)

    private init(pid: pid_t, displayName: String, folder: String, logPath: String) {
        self.pid = pid
        self.displayName = displayName
        self.folder = folder
        self.logPath = logPath
    }

    deinit {
        stop()
    }

    /// A new private Xvfb of `width`x`height` with openbox managing it; the server is stopped again when
    /// openbox fails to start.
    public static func startWithServer(width: Int = 1280, height: Int = 800) async throws -> (PrivateXvfb, OpenboxWindowManager) {
        let server = try await PrivateXvfb.start(width: width, height: height)
        do {
            return (server, try await start(on: server))
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Starts openbox on `server` and returns once it manages the screen (it has announced itself with
    /// `_NET_SUPPORTING_WM_CHECK`). Throws, never skips, when openbox is not installed.
    /// The 30 s allowed: on a fresh CI machine running the whole suite in parallel, openbox's first start
    /// (cold font and theme caches) once took longer than 10.
    public static func start(on server: PrivateXvfb, timeout: Double = 30) async throws(WindowManagerError) -> OpenboxWindowManager {
        guard let openbox = ChildSpawner.findExecutable("openbox") else { throw .notInstalled }
        let began = DispatchTime.now().uptimeNanoseconds
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("proscenium-openbox-\(getpid())-\(began)").path
        let logPath = folder + "/openbox.log"
        let configPath = folder + "/rc.xml"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try configuration.write(toFile: configPath, atomically: true, encoding: .utf8)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw .didNotStart("cannot write its configuration to \(folder): \(error)", log: "")
        }

        var arguments = [openbox, "--sm-disable", "--config-file", configPath]
        if let setpriv = ChildSpawner.findExecutable("setpriv") {
            arguments = [setpriv, "--pdeathsig", "TERM", "--"] + arguments
        }
        let command = arguments
        let environment: [String: String?] = ["DISPLAY": server.displayName, "XDG_CONFIG_HOME": folder,
                                              "XDG_CACHE_HOME": folder, "DESKTOP_SESSION": nil]
        let spawned = await ChildSpawner.shared.run {
            ChildSpawner.spawn(command, logPath: logPath, inherit: nil, environment: environment)
        }
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error):
            try? FileManager.default.removeItem(atPath: folder)
            throw .didNotStart("cannot run \(openbox): \(error)", log: "")
        }
        ServerRegistry.add(pid, log: logPath)

        func fail(_ reason: String) async -> WindowManagerError {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            await ServerRegistry.terminate(pid, grace: 1)
            try? FileManager.default.removeItem(atPath: folder)
            return .didNotStart(reason, log: log)
        }

        guard let display = XOpenDisplay(server.displayName) else { throw await fail("cannot connect to \(server.displayName)") }
        defer { XCloseDisplay(display) }
        let deadline = began + UInt64(timeout * 1e9)
        while managerName(on: display) != "Openbox" {
            if let ending = ServerRegistry.exitStatus(pid) { throw await fail(ending) }
            if DispatchTime.now().uptimeNanoseconds > deadline {
                throw await fail("it did not announce itself with _NET_SUPPORTING_WM_CHECK within \(timeout) s")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        // It announces itself before its startup is over and drops what arrives meanwhile (a window mapped
        // then would never be managed): wait until its event loop answers, asking again until it does.
        var answered = false
        while !answered {
            if let ending = ServerRegistry.exitStatus(pid) { throw await fail(ending) }
            if DispatchTime.now().uptimeNanoseconds > deadline {
                throw await fail("it did not answer _NET_REQUEST_FRAME_EXTENTS within \(timeout) s")
            }
            answered = await roundTrip(on: display, until: DispatchTime.now().uptimeNanoseconds + 100_000_000)
        }
        return OpenboxWindowManager(pid: pid, displayName: server.displayName, folder: folder, logPath: logPath)
    }

    /// Returns once openbox has handled every message `display` sent it before the call: it handles them
    /// in order, and answers a `_NET_REQUEST_FRAME_EXTENTS` for a scratch window (by setting
    /// `_NET_FRAME_EXTENTS` on it) only after them. False if no answer came within `timeout` seconds.
    nonisolated(nonsending) public func roundTrip(on display: OpaquePointer, timeout: Double = 5) async -> Bool {
        await Self.roundTrip(on: display, until: DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9))
    }

    nonisolated(nonsending) private static func roundTrip(on display: OpaquePointer, until deadline: UInt64) async -> Bool {
        let root = XDefaultRootWindow(display)
        let scratch = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
        defer {
            XDestroyWindow(display, scratch)
            XFlush(display)
        }
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = scratch
        message.xclient.message_type = XInternAtom(display, "_NET_REQUEST_FRAME_EXTENTS", 0)
        message.xclient.format = 32
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &message)
        XSync(display, 0)
        let extents = XInternAtom(display, "_NET_FRAME_EXTENTS", 0)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0, remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(display, scratch, extents, 0, 4, 0, XA_CARDINAL, &type, &format, &count,
                                            &remaining, &data)
            if let data { XFree(data) }
            if status == Success, count == 4 { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Whether `stop()` has not been called yet.
    public var isRunning: Bool { running.withLock { $0 } }

    /// Ends openbox (SIGTERM, then SIGKILL after a second) and returns once it is reaped and its folder
    /// removed, waiting asleep. Idempotent; joins a stop begun by `stop()` without `await`.
    public func stop() async {
        let first = markStopped()
        await ServerRegistry.terminate(pid, grace: 1)
        if first { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Ends openbox as `stop() async` does without waiting for it (for a `defer` or a `deinit`): the wait,
    /// the reaping and the folder's removal run in the background.
    public func stop() {
        guard markStopped() else { return }
        let ending = ServerRegistry.beginTerminating(pid, grace: 1)
        let folder = folder
        Task.detached {
            await ending?.value
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    private func markStopped() -> Bool {
        running.withLock { isRunning in
            defer { isRunning = false }
            return isRunning
        }
    }

    /// What openbox printed so far (warnings about the theme, for example).
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// The `_NET_WM_NAME` of the window that `_NET_SUPPORTING_WM_CHECK` on the root names, if any.
    private static func managerName(on display: OpaquePointer) -> String? {
        guard let check = WindowPropertyReader.window(display, XDefaultRootWindow(display), "_NET_SUPPORTING_WM_CHECK") else {
            return nil
        }
        return WindowPropertyReader.string(display, check, "_NET_WM_NAME", type: "UTF8_STRING")
    }

    /// The rc.xml every test's openbox runs with.
    private static let configuration = """
        <?xml version="1.0" encoding="UTF-8"?>
        <openbox_config xmlns="http://openbox.org/3.4/rc">
          <resistance><strength>0</strength><screen_edge_strength>0</screen_edge_strength></resistance>
          <focus><focusNew>yes</focusNew><followMouse>no</followMouse></focus>
          <placement><policy>Smart</policy></placement>
          <theme><name>Clearlooks</name><titleLayout>NLIMC</titleLayout><keepBorder>yes</keepBorder></theme>
          <desktops><number>1</number></desktops>
          <resize><drawContents>yes</drawContents><popupShow>Never</popupShow></resize>
          <applications>
            <application class="*"><position force="yes"><x>\(placement.x)</x><y>\(placement.y)</y></position></application>
          </applications>
          <keyboard></keyboard>
          <mouse>
            <dragThreshold>1</dragThreshold>
            <doubleClickTime>200</doubleClickTime>
            <context name="Titlebar">
              <mousebind button="Left" action="Press"><action name="Focus"/><action name="Raise"/></mousebind>
              <mousebind button="Left" action="Drag"><action name="Move"/></mousebind>
            </context>
            <context name="BRCorner">
              <mousebind button="Left" action="Press"><action name="Focus"/><action name="Raise"/></mousebind>
              <mousebind button="Left" action="Drag"><action name="Resize"/></mousebind>
            </context>
            <context name="Close">
              <mousebind button="Left" action="Press"><action name="Focus"/><action name="Raise"/></mousebind>
              <mousebind button="Left" action="Click"><action name="Close"/></mousebind>
            </context>
            <context name="Client">
              <mousebind button="Left" action="Press"><action name="Focus"/><action name="Raise"/></mousebind>
            </context>
          </mouse>
        </openbox_config>
        """
}

/// Why a window manager could not be started for a test.
public enum WindowManagerError: Error, CustomStringConvertible {
    /// No `openbox` on `PATH`.
    case notInstalled
    /// openbox did not come up; `log` is what it printed.
    case didNotStart(String, log: String)

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case .notInstalled:
            return "openbox is not installed, and the window-manager tests need it — run scripts/install-deps.sh (or apt-get install openbox)"
        case let .didNotStart(reason, log):
            let output = log.isEmpty ? "" : "\nopenbox output:\n" + log
            return "openbox did not start: \(reason)\(output)"
        }
    }
}
