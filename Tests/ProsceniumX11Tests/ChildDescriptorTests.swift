import Foundation
import Testing
import TestSupport

/// Children must not hold descriptors that are not theirs: Foundation sees a child's exit only when every
/// copy of the child's status socket is closed, and a pipe's reader sees its end only when every copy of
/// its writing end is. A copy kept alive in another process made a 1.5 s capture run "run for 2 minutes"
/// in CI, and stalled every test waiting behind it.
@Suite("Descriptors children inherit", .serialized)
struct ChildDescriptorTests {
    /// The targets of `pid`'s open descriptors that are sockets or pipes ("socket:[123]"), by number.
    static func channels(of pid: Int32) -> [Int32: String] {
        let folder = "/proc/\(pid)/fd"
        var result: [Int32: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let fd = Int32(name),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
                  target.hasPrefix("socket:") || target.hasPrefix("pipe:") else { continue }
            result[fd] = target
        }
        return result
    }

    /// The processes whose parent is `pid`, with their command names.
    static func children(of pid: Int32) -> [(pid: Int32, name: String)] {
        var result: [(Int32, String)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(name), let stat = ProcessStat(pid: child), stat.parent == pid else { continue }
            result.append((child, stat.name))
        }
        return result
    }

    @Test("the headless demo's Xvfb shares no socket or pipe with the demo's own inherited descriptors")
    func headlessServerInheritsNothing() async throws {
        let demo = try DemoProcess(arguments: ["--log-events", "--headless"], environment: ["DISPLAY": nil])
        defer { demo.stop() }
        _ = try await demo.event("ready")
        let server = try #require(Self.children(of: demo.pid).first { $0.name == "Xvfb" }, "the demo's Xvfb")
        // What the demo holds from 3 up that came from its parent: every socket or pipe it has that is
        // not its X connection (the server holds the other end of that one, under another inode).
        let demoChannels = Set(Self.channels(of: demo.pid).filter { $0.key >= 3 }.values)
        #expect(!demoChannels.isEmpty, "the demo inherits at least Foundation's status socket")
        let shared = demoChannels.intersection(Self.channels(of: server.pid).values)
        #expect(shared.isEmpty, "the demo's Xvfb holds the demo's \(shared.sorted())")
    }

    @Test("a headless demo killed outright leaves no Xvfb behind: the server goes with its last client")
    func killedDemoLeavesNoServer() async throws {
        let demo = try DemoProcess(arguments: ["--log-events", "--headless"], environment: ["DISPLAY": nil])
        defer { demo.stop() }
        _ = try await demo.event("ready")
        let server = try #require(Self.children(of: demo.pid).first { $0.name == "Xvfb" }, "the demo's Xvfb")
        kill(demo.pid, SIGKILL)
        var gone = false
        for _ in 0..<60 where !gone {
            try await Task.sleep(for: .milliseconds(50))
            // Gone, or a zombie waiting for its parent (the killed demo's reaper is init now).
            gone = ProcessStat(pid: server.pid).map { $0.state == "Z" } ?? true
        }
        #expect(gone, "the orphaned Xvfb \(server.pid) still runs")
        if !gone { kill(server.pid, SIGKILL) }
    }

    @Test("short children launched while long-lived ones are launched on other threads are seen to exit")
    func concurrentLaunchesKeepTheirOwnDescriptors() async throws {
        let sleeper = try #require(ChildSpawner.findExecutable("sleep"))
        let quick = try #require(ChildSpawner.findExecutable("true"))
        // Two threads keep launching children that outlive the test's checks, four launch children that
        // exit at once and count those whose exit is not seen within a second.
        let missed = await withTaskGroup(of: Int.self) { group in
            for index in 0..<6 {
                group.addTask {
                    await Self.onThread {
                        var missed = 0
                        for _ in 0..<(index < 2 ? 60 : 25) {
                            let process = Process()
                            process.executableURL = URL(fileURLWithPath: index < 2 ? sleeper : quick)
                            process.arguments = index < 2 ? ["3"] : []
                            try? ProcessLaunch.serialized {
                                let output = Pipe()
                                process.standardOutput = output
                                try process.run()
                            }
                            guard index >= 2 else { continue }
                            let deadline = Date().addingTimeInterval(1)
                            while process.isRunning && Date() < deadline { usleep(1_000) }
                            if process.isRunning { missed += 1 }
                        }
                        return missed
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(missed == 0, "\(missed) exits not seen within a second")
    }

    /// Runs `work` on a thread of its own (it blocks), not on one of the few cooperative threads.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
