import CX11
import Foundation
import ProsceniumX11
import Testing
import TestSupport

/// The demo as a user runs it: errors without a display, closing the window, losing the X server, bad input.
@Suite("Demo process", .serialized)
struct DemoProcessTests {
    @Test("with DISPLAY pointing at nothing it prints the clear error and exits non-zero")
    func noServer() async throws {
        let demo = try DemoProcess(environment: ["DISPLAY": ":931"])
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status != 0)
        #expect(demo.errorOutput.contains("cannot open X display ':931' — is an X server running? set DISPLAY or run under Xvfb"))
    }

    @Test("with DISPLAY unset it runs on a private Xvfb of its own")
    func noDisplayVariableRunsHeadless() async throws {
        let demo = try DemoProcess(arguments: ["--log-events", "--exit-after", "0.5"], environment: ["DISPLAY": nil])
        let exit = try #require(await demo.exit(timeout: 20), "\(demo.diagnosis)")
        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
        #expect(demo.events("ready").count == 1)
        #expect(demo.events("exit").count == 1)
    }

    @Test("with DISPLAY empty it runs headless too, on a screen as large as PROSCENIUM_SCALE makes the window")
    func emptyDisplayVariableRunsHeadless() async throws {
        let demo = try DemoProcess(arguments: ["--log-events", "--exit-after", "0.5", "--size", "800x600"],
                                   environment: ["DISPLAY": "", "PROSCENIUM_SCALE": "2"])
        let exit = try #require(await demo.exit(timeout: 20), "\(demo.diagnosis)")
        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
        let ready = try #require(demo.events("ready").first)
        #expect(demo.events("exit").count == 1)
        #expect(ready["scale"] as? Double == 2, "\(ready)")
    }

    @Test("an Xvfb that cannot start is reported at once, with what it said, not after a 30 s wait")
    func headlessServerFailingToStart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-fake-xvfb-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = directory.appendingPathComponent("Xvfb")
        // As the X server ends a fatal error: the reason after "Fatal server error:", "(EE)" glued to its end.
        try "#!/bin/sh\necho 'shmdt: Invalid argument' >&2\necho '(EE) ' >&2\necho 'Fatal server error:' >&2\necho '(EE) no keyboard data(EE) ' >&2\nexit 1\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let path = directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let demo = try DemoProcess(arguments: ["--headless"], environment: ["PATH": path])
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status == 1 && exit.seconds < 5)
        #expect(demo.errorOutput.contains("Xvfb exited with status 1 before it reported a display: no keyboard data"),
                "stderr: \(demo.errorOutput)")
    }

    @Test("a WM_DELETE_WINDOW message ends the run loop and the process exits 0")
    func closeExitsZero() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
        let ready = try await demo.event("ready")
        let windowText = try #require(ready["window"] as? String)
        let window = try #require(UInt(windowText.dropFirst(2), radix: 16))

        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        WindowManagerMessages.sendDelete(to: window, on: display)
        let exit = try #require(await demo.exit(timeout: 5), "the demo did not exit after WM_DELETE_WINDOW\n\(demo.diagnosis)")
        #expect(exit.status == 0)
    }

    @Test("killing the X server ends the demo with status 1 and a message within a second")
    func serverDeathExitsOne() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let demo = try DemoProcess(arguments: ["--log-events"], environment: ["DISPLAY": server.displayName])
        _ = try await demo.event("ready")
        await server.kill()
        let exit = try #require(await demo.exit(timeout: 5), "the demo hung after its X server died\n\(demo.diagnosis)")
        #expect(exit.status == 1)
        #expect(exit.seconds < 1)
        #expect(demo.errorOutput.contains("lost the connection to X server"))
        #expect(!demo.errorOutput.contains("Fatal IO error"))
    }

    @Test("SIGTERM ends a demo waiting on an X server that stopped answering: a line saying so, status 1, within seconds")
    func signalWhileTheServerIsFrozen() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        kill(server.pid, SIGSTOP)
        defer { kill(server.pid, SIGCONT) }
        let demo = try DemoProcess(arguments: ["--screenshot", "/tmp/proscenium-never.png"], environment: ["DISPLAY": server.displayName])
        try await Task.sleep(for: .seconds(1))
        #expect(demo.isRunning, "blocked on the stopped server")
        kill(demo.pid, SIGTERM)
        let exit = try #require(await demo.exit(timeout: 8), "SIGTERM was ignored\n\(demo.diagnosis)")
        #expect(exit.status == 1)
        #expect(demo.errorOutput.contains("did not take the signal"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/proscenium-never.png"))
    }

    @Test("a bad --size is rejected with a clear message before any window opens")
    func badSizeArgument() async throws {
        let demo = try DemoProcess(arguments: ["--size", "huge"], environment: ["DISPLAY": ":931"])
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status != 0)
        #expect(demo.errorOutput.contains("--size must look like 1280x800"))
    }

    @Test("a --click outside the window (even past what X coordinates hold) is rejected with a clear message, no crash")
    func clickOutsideTheWindow() async throws {
        for click in ["3000000000,10", "1280,10"] {
            let demo = try DemoProcess(arguments: ["--click", click, "--input-at", "0.1"], environment: ["DISPLAY": ":931"])
            let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
            #expect(exit.status == 64, "\(click): \(demo.diagnosis)")
            #expect(demo.errorOutput.contains("--click") && demo.errorOutput.contains("outside the 1280x800-point window"))
        }
    }

    @Test("--screenshot into a missing directory is rejected and writes nothing")
    func badScreenshotPath() async throws {
        let path = "/nonexistent-proscenium-dir/shot.png"
        let demo = try DemoProcess(arguments: ["--screenshot", path], environment: ["DISPLAY": ":931"])
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status != 0)
        #expect(demo.errorOutput.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("--screenshot writes a PNG of the settled scene and exits 0")
    func writesScreenshot() async throws {
        let server = try await PrivateXvfb.start(width: 1280, height: 800)
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-demo-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("scene.png").path
        let demo = try DemoProcess(arguments: ["--size", "800x600", "--screenshot", path],
                                   environment: ["DISPLAY": server.displayName])
        let exit = try #require(await demo.exit(timeout: 20), "\(demo.diagnosis)")
        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
        let image = try PNGCodec.read(contentsOf: path)
        #expect(image.width == 800 && image.height == 600)
    }
}
