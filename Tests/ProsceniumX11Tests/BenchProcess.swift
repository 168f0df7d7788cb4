import Foundation
import Testing
import TestSupport

/// `proscenium-bench` run by a test in a process of its own (so that its live-object counts are its own),
/// without a display of the test's: it starts its own Xvfb.
enum BenchProcess {
    /// Runs `proscenium-bench arguments` with `environment` added to this process's; answers its exit
    /// status and everything it printed. Its output goes into a file read at the end, and the test waits
    /// by sleeping, not by blocking one of the few threads.
    static func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ProductLocator.executable(named: "proscenium-bench"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-\(getpid())-\(UUID().uuidString).txt").path
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try #require(FileHandle(forWritingAtPath: outputPath))
        process.standardOutput = output
        process.standardError = output
        try ProcessLaunch.serialized { try process.run() }
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        try output.close()
        return (process.terminationStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
