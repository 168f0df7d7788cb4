import Foundation
import ProsceniumX11
import Testing
import TestSupport

/// The gallery driven as a script drives it: its command line, its event log on virtual time, what a
/// click reaches while a scene is up. Each run uses the demo's own private Xvfb (`--headless`).
@Suite("Demo gallery", .serialized)
struct DemoGalleryTests {
    /// Runs the demo to its end and returns it; fails when it does not exit within `timeout` seconds.
    static func run(_ arguments: [String], timeout: Double = 30) async throws -> (demo: DemoProcess, status: Int32) {
        let demo = try DemoProcess(arguments: arguments, environment: ["DISPLAY": nil])
        let exit = try #require(await demo.exit(timeout: timeout), "the demo did not exit: \(arguments)\n\(demo.diagnosis)")
        return (demo, exit.status)
    }

    /// A fresh directory for screenshots, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-gallery-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("--list-scenes prints the eleven scene names, one per line")
    func listScenes() async throws {
        let (demo, status) = try await Self.run(["--list-scenes"])
        #expect(status == 0)
        #expect(demo.lines == ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename", "list", "navigation", "action-sheet",
                               "controls"])
    }

    @Test("bad arguments print a message that starts with the program's name, names valid values and exit non-zero",
          arguments: [
              (["--scene", "nope"], "valid scenes: bouncy, side-panel, overlay, cool, sheet, alert, rename"),
              (["--size", "0x0"], "each side from 480 to 8192"),
              (["--size", "-5x100"], "each side from 480 to 8192"),
              (["--at", "-1"], "--at must be a number of seconds from 0 to 600"),
              (["--at", "1e300", "--screenshot", "/tmp/proscenium-never.png"], "--at must be a number of seconds from 0 to 600"),
              (["--input-at", "601"], "--input-at must be a number of seconds from 0 to 600"),
              (["--size", "8192x800", "--scale", "4"], "the most an X window can have"),
              (["--key", "hyper"], "valid keys: escape, return"),
          ])
    func badArguments(arguments: [String], expected: String) async throws {
        let (demo, status) = try await Self.run(arguments)
        #expect(status != 0)
        #expect(demo.errorOutput.hasPrefix("proscenium-demo: "), "stderr: \(demo.errorOutput)")
        #expect(demo.errorOutput.contains(expected), "stderr: \(demo.errorOutput)")
        #expect(demo.lines.isEmpty)
    }

    @Test("the rename alert on virtual time: Return renames with the field's text, Escape taps Cancel; both dismiss",
          arguments: [("return", "rename"), ("escape", "cancel")])
    func renameKeys(key: String, button: String) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (demo, status) = try await Self.run(["--headless", "--scene", "rename", "--key", key, "--input-at", "1",
                                           "--screenshot", directory.appendingPathComponent("rename.png").path,
                                           "--at", "2", "--log-events"])
        #expect(status == 0, "stderr: \(demo.errorOutput)")
        #expect(demo.events("tap").map { $0["view"] as? String } == [button])
        let texts = demo.events("text")
        #expect(texts.map { $0["text"] as? String } == (key == "return" ? ["Untitled"] : []))
        #expect(texts.allSatisfy { $0["controller"] as? String == "rename" })
        #expect(demo.events("transition").map { $0["phase"] as? String } == ["presentationWillBegin", "presentationDidEnd",
                                                                               "dismissalWillBegin", "dismissalDidEnd"])
    }

    @Test("on virtual time, bouncy presents at t = 0, Escape at 1 s dismisses it, and the log shows every phase in order")
    func bouncyPhasesOnVirtualTime() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bouncy.png").path
        let (demo, status) = try await Self.run(["--headless", "--scene", "bouncy", "--key", "escape", "--input-at", "1",
                                           "--screenshot", path, "--at", "2", "--log-events"])
        #expect(status == 0, "stderr: \(demo.errorOutput)")
        let transitions = demo.events("transition")
        #expect(transitions.map { $0["phase"] as? String } == ["presentationWillBegin", "presentationDidEnd",
                                                                 "dismissalWillBegin", "dismissalDidEnd"])
        #expect(transitions.allSatisfy { $0["controller"] as? String == "bouncy" })
        #expect(transitions.compactMap { $0["completed"] as? Bool } == [true, true])
        #expect(transitions.first?["t"] as? Double == 0)
        #expect(transitions[2]["t"] as? Double == 1)
        // The entry spring settles within its 0.8 s; the 0.3 s slide-out ends 0.3 s after Escape.
        let presented = try #require(transitions[1]["t"] as? Double)
        #expect(presented > 0.5 && presented <= 0.85)
        #expect(abs((transitions[3]["t"] as? Double ?? 0) - 1.3) < 0.02)
        let ready = try #require(demo.events("ready").first)
        #expect(ready["width"] as? Int == 1280 && ready["height"] as? Int == 800)
        // A tree after the first frame and after each transition ended.
        #expect(demo.events("tree").count == 3)
        #expect(demo.events("exit").count == 1)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("--reduce-motion cross-fades bouncy in place: translucent at 0.1 s, settled at 0.2 s instead of springing for 0.8 s")
    func reduceMotion() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var pixels: [[Int]] = []
        for at in ["0.1", "0.5"] {
            let path = directory.appendingPathComponent("bouncy-\(at).png").path
            let (demo, status) = try await Self.run(["--headless", "--scene", "bouncy", "--reduce-motion", "--screenshot", path,
                                               "--at", at, "--log-events"])
            #expect(status == 0, "stderr: \(demo.errorOutput)")
            if at == "0.5" {
                let ended = try #require(demo.events("transition").first { $0["phase"] as? String == "presentationDidEnd" })
                #expect(abs((ended["t"] as? Double ?? 0) - 0.2) < 0.02)
            }
            // The middle of the card's final place, where the card fades in without moving.
            pixels.append(try PNGCodec.read(contentsOf: path).rgba(640, 400))
        }
        #expect(pixels[0][1] > 74 + 20, "half faded in at 0.1 s: \(pixels[0])")
        #expect(abs(pixels[1][0] - 255) <= 2 && abs(pixels[1][1] - 74) <= 2 && abs(pixels[1][2] - 125) <= 2,
                "the card's own colour at 0.5 s: \(pixels[1])")
    }

    @Test("the home screen lays out at the smallest and the largest sizes: buttons apart, 24 px clear of the edges, in the top 40%",
          arguments: ["480x480", "3840x2160"])
    func homeLayoutAtExtremeSizes(size: String) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (demo, status) = try await Self.run(["--headless", "--size", size, "--screenshot", directory.appendingPathComponent("home.png").path,
                                           "--at", "0", "--log-events"])
        #expect(status == 0, "stderr: \(demo.errorOutput)")
        let sides = size.split(separator: "x").compactMap { Double($0) }
        let views = try #require(demo.events("tree").first?["views"] as? [[String: Any]])
        let buttons = views.filter { ($0["id"] as? String).map { $0 == "counter" || $0.hasPrefix("present-") } ?? false }
            .compactMap { $0["frame"] as? [Double] }
        #expect(buttons.count == 12, "one button per scene (eleven) and the counter")
        for (index, frame) in buttons.enumerated() {
            #expect(frame[0] >= 24 && frame[1] >= 24 && frame[0] + frame[2] <= sides[0] - 24, "\(frame)")
            #expect(frame[1] + frame[3] <= sides[1] * 0.4, "\(frame) below the top 40%")
            for other in buttons[(index + 1)...] {
                let apart = frame[0] + frame[2] <= other[0] || other[0] + other[2] <= frame[0]
                    || frame[1] + frame[3] <= other[1] || other[1] + other[3] <= frame[1]
                #expect(apart, "\(frame) overlaps \(other)")
            }
        }
    }

    @Test("a click on bouncy's dimming, over a home button, reaches neither the button nor the card")
    func bouncyDimmingBlocksClicks() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // (27, 80) lies on `present-bouncy` (24...175 x 62...90) and inside the 30 px dimming border.
        let (demo, status) = try await Self.run(["--headless", "--scene", "bouncy", "--click", "27,80", "--input-at", "1",
                                           "--screenshot", directory.appendingPathComponent("shot.png").path,
                                           "--at", "1.5", "--log-events"])
        #expect(status == 0, "stderr: \(demo.errorOutput)")
        #expect(demo.events("tap").isEmpty)
        #expect(demo.events("transition").map { $0["phase"] as? String } == ["presentationWillBegin", "presentationDidEnd"])
    }

    @Test("with sheet up, a click on counter is logged as a tap and the sheet stays presented",
          arguments: [("1280x800", "304,40"), ("600x800", "304,40")])
    func sheetLetsCounterThrough(size: String, click: String) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (demo, status) = try await Self.run(["--headless", "--size", size, "--scene", "sheet", "--click", click,
                                           "--input-at", "1", "--screenshot", directory.appendingPathComponent("shot.png").path,
                                           "--at", "1.5", "--log-events"])
        #expect(status == 0, "stderr: \(demo.errorOutput)")
        #expect(demo.events("tap").map { $0["view"] as? String } == ["counter"])
        #expect(demo.events("transition").map { $0["phase"] as? String } == ["presentationWillBegin", "presentationDidEnd"])
        let lastTree = try #require(demo.events("tree").last?["views"] as? [[String: Any]])
        #expect(lastTree.contains { $0["id"] as? String == "presented" })
    }

    @Test("SIGTERM and SIGINT end a live run cleanly: exit 0, an exit event and stats", arguments: [SIGTERM, SIGINT])
    func signalExitsCleanly(signal: Int32) async throws {
        let demo = try DemoProcess(arguments: ["--headless", "--log-events", "--stats"], environment: ["DISPLAY": nil])
        _ = try await demo.event("ready")
        kill(demo.pid, signal)
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status == 0)
        #expect(demo.events("exit").count == 1)
        let stats = try #require(demo.events("stats").first)
        #expect((stats["frames"] as? Int ?? 0) >= 1)
        #expect((stats["peakRSSKiB"] as? Int ?? 0) > 0)
    }

    @Test("a signal during --screenshot ends it with 0 and leaves no file, hidden temporary ones included",
          arguments: [SIGTERM, SIGINT])
    func signalDuringScreenshot(signal: Int32) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 60 s of virtual time presenting and dismissing without a pause: seconds of work, so the signal
        // lands in the middle of it.
        let demo = try DemoProcess(arguments: ["--headless", "--animate-continuously", "--screenshot",
                                               directory.appendingPathComponent("x.png").path, "--at", "60", "--log-events"],
                                   environment: ["DISPLAY": nil])
        _ = try await demo.event("ready")
        try await Task.sleep(for: .milliseconds(300))
        kill(demo.pid, signal)
        let exit = try #require(await demo.exit(timeout: 10), "\(demo.diagnosis)")
        #expect(exit.status == 0, "stderr: \(demo.errorOutput)")
        #expect(demo.events("exit").count == 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test("a reader gone before the last line: the headless demo still stops its private Xvfb as it exits")
    func readerGoneBeforeExitLine() async throws {
        // Nothing is logged between the home screen's tree and the `exit` line, so the first write that
        // finds the pipe closed is that last line: the path that once exited before stopping the server.
        let (process, output) = try Self.headlessDemoPiped(["--log-events", "--exit-after", "1"])
        var received = ""
        while !received.contains("\"type\":\"tree\"") {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            received += String(decoding: chunk, as: UTF8.self)
        }
        #expect(received.contains("\"type\":\"tree\""), "the demo logged no tree: \(received)")
        let server = try #require(ChildDescriptorTests.children(of: process.processIdentifier).first { $0.name == "Xvfb" },
                                  "the demo's Xvfb")
        try output.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning, "the demo kept running after --exit-after 1")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // Stopped and reaped by the demo: no such process, or at worst one that has exited.
        let state = ProcessStat(pid: server.pid)?.state
        #expect(state == nil || state == "Z", "the demo's Xvfb (pid \(server.pid)) outlived it, state \(state.map(String.init) ?? "")")
        if state != nil, state != "Z" { kill(server.pid, SIGKILL) }
    }

    @Test("a closed standard output (proscenium-demo --log-events | head -1) ends the demo with 0, not by SIGPIPE")
    func closedStandardOutput() async throws {
        let (process, output) = try Self.headlessDemoPiped(["--scene", "bouncy", "--log-events"])
        // Read up to the end of the first line, as `head -1` does, then close the pipe.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            first.append(chunk)
        }
        try output.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning, "the demo kept running with nobody reading")
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("{\"type\":"))
        #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                "ended by \(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus)")
    }

    /// `proscenium-demo --headless arguments` with no DISPLAY, its standard output a pipe the test reads (and
    /// may close) itself, its standard error discarded.
    private static func headlessDemoPiped(_ arguments: [String]) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ProductLocator.executable(named: "proscenium-demo"))
        process.arguments = ["--headless"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        return (process, try ProcessLaunch.runReadingOutput(process))
    }
}
