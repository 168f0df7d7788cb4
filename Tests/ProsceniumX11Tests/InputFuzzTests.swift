import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Random XTest input at full speed on the live demo, which checks its own views and presentations
/// after every frame (`--self-check`). `proscenium-bench fuzz` runs it for 60 s; here it runs for
/// `PROSCENIUM_FUZZ_SECONDS` (15 by default) to keep CI short.
@MainActor @Suite("Input fuzz", .serialized)
struct InputFuzzTests {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["PROSCENIUM_FUZZ_SECONDS"].flatMap(Double.init) ?? 15
    }

    /// Once the last transition the input started has ended (a spring and an adaptation's morph: 1.2 s at
    /// most) and the one-shot release of idle resources has run a second after the last frame, nothing runs
    /// any more.
    static func expectIdle(_ demo: DemoProcess, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await Task.sleep(for: .seconds(2.5))
        let before = ProcessCPU.seconds(pid: demo.pid)
        try await Task.sleep(for: .seconds(1))
        let idle = ProcessCPU.seconds(pid: demo.pid) - before
        #expect(idle < 0.005, "\(idle * 1000) ms of CPU in a second of idle after the input stopped", sourceLocation: sourceLocation)
    }

    @Test("random clicks, drags (also across resizes and Escape), wheel, keys and resizes, and the sheet caught by its grabber while the window widens: no crash, no broken invariant, back to 0 CPU")
    func fuzz() async throws {
        try await withPrivateXvfb(width: 1600, height: 1000) { server in
            let demo = try DemoProcess(arguments: ["--log-events", "--self-check"], environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let fuzzer = try InputFuzzer(displayName: server.displayName, window: window, seed: 2026, size: (1280, 800))
            await fuzzer.run(for: Self.seconds) { demo.isRunning }

            #expect(demo.isRunning, "the demo ended: \(demo.errorOutput)")
            #expect(demo.events("problem").isEmpty, "\(demo.events("problem").prefix(5))")
            #expect(TransitionLog.problems(in: demo.events("transition")).isEmpty,
                    "\(TransitionLog.problems(in: demo.events("transition")).prefix(5))")
            #expect(demo.events("tap").count > 10, "the input reached controls: \(fuzzer.counts)")

            try await Self.expectIdle(demo)
        }
    }

    @Test("the navigation scene at random: rows, Back, the inspector, the mouse's Back button, Alt+Left, edge drags and resizes among the rest: pushes and pops all end, nothing breaks, back to 0 CPU")
    func navigationFuzz() async throws {
        try await withPrivateXvfb(width: 1600, height: 1000) { server in
            let demo = try DemoProcess(arguments: ["--log-events", "--self-check", "--scene", "navigation"],
                                       environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let fuzzer = try InputFuzzer(displayName: server.displayName, window: window, seed: 35, size: (1280, 800))
            await fuzzer.runNavigation(for: Self.seconds * 2 / 3, while: { demo.isRunning }) {
                TransitionLog.sceneIsUp("navigation", in: demo.events("transition"))
            }

            #expect(demo.isRunning, "the demo ended: \(demo.errorOutput)")
            #expect(demo.events("problem").isEmpty, "\(demo.events("problem").prefix(5))")
            let transitions = demo.events("transition")
            #expect(TransitionLog.problems(in: transitions).isEmpty, "\(TransitionLog.problems(in: transitions).prefix(5))")
            let ended = transitions.filter { $0["phase"] as? String == "didEnd" && $0["kind"] != nil }
            // Back during a push turns it around: a push that ended cancelled went back as a pop does.
            let wentBack = ended.filter { ($0["kind"] as? String == "pop") == ($0["completed"] as? Bool == true) }.count
            #expect(ended.count > 6 && wentBack > 3, "pushes and pops ended: \(ended.count), input \(fuzzer.counts)")

            try await Self.expectIdle(demo)
        }
    }

    @Test("the fuzz's sheet scenario catches the sheet by its grabber and widens the window under the finger")
    func sheetScenario() async throws {
        try await withPrivateXvfb(width: 1600, height: 1000) { server in
            let demo = try DemoProcess(arguments: ["--log-events", "--self-check"], environment: ["DISPLAY": server.displayName])
            defer { demo.stop() }
            let ready = try await demo.event("ready")
            let window = try #require((ready["window"] as? String).flatMap { UInt($0.dropFirst(2), radix: 16) })
            let fuzzer = try InputFuzzer(displayName: server.displayName, window: window, seed: 7, size: (1280, 800))
            await fuzzer.dragSheetAcrossResize()
            try await Task.sleep(for: .seconds(1))

            #expect(demo.isRunning, "the demo ended: \(demo.errorOutput)")
            let sheet = demo.events("transition").filter { $0["controller"] as? String == "sheet" }.compactMap { $0["phase"] as? String }
            // Presented as a bottom sheet at 600 px, and caught by the grabber: it adapted into a popover
            // with the touch in flight (the sheet's recognizer, let go, must not be called any more).
            #expect(sheet.starts(with: ["presentationWillBegin", "presentationDidEnd"]), "\(sheet)")
            let adaptations = demo.events("adapt").filter { $0["controller"] as? String == "sheet" }.compactMap { $0["style"] as? String }
            #expect(adaptations.contains { $0.contains("popover") }, "\(demo.events("adapt"))")
            #expect(demo.events("problem").isEmpty, "\(demo.events("problem").prefix(5))")
            #expect(TransitionLog.problems(in: demo.events("transition")).isEmpty)
        }
    }
}
