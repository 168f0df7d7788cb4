import Foundation
import TestSupport

/// The demo executable run as a child process, with its JSON lines on stdout and its stderr collected.
final class DemoProcess: @unchecked Sendable {
    let process = Process()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errText = ""
    private var partial = ""

    init(arguments: [String] = [], environment: [String: String?]) throws {
        process.executableURL = URL(fileURLWithPath: try ProductLocator.executable(named: "proscenium-demo"))
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = stdout
        process.standardError = stderr
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.partial += String(decoding: data, as: UTF8.self)
            while let newline = self.partial.firstIndex(of: "\n") {
                self.outLines.append(String(self.partial[..<newline]))
                self.partial = String(self.partial[self.partial.index(after: newline)...])
            }
        }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            self.errText += String(decoding: data, as: UTF8.self)
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var lines: [String] { lock.lock(); defer { lock.unlock() }; return outLines }
    var errorOutput: String { lock.lock(); defer { lock.unlock() }; return errText }

    /// The first stdout JSON object whose "event" is `name`, waiting up to `timeout` seconds.
    func waitForEvent(_ name: String, timeout: Double = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for line in lines {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                   object["event"] as? String == name { return object }
            }
            if !process.isRunning { break }
            usleep(5_000)
        }
        throw DemoProcessError.noEvent(name, stderr: errorOutput)
    }

    /// Waits for the process to exit; returns its status and how long the wait took, or nil on timeout.
    func waitForExit(timeout: Double) -> (status: Int32, seconds: Double)? {
        let start = Date()
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout { return nil }
            usleep(2_000)
        }
        // Let the pipes deliver what the process wrote last.
        usleep(50_000)
        return (process.terminationStatus, Date().timeIntervalSince(start))
    }
}

enum DemoProcessError: Error, CustomStringConvertible {
    case noEvent(String, stderr: String)

    var description: String {
        switch self {
        case let .noEvent(name, stderr): return "the demo never reported '\(name)'; its stderr: \(stderr)"
        }
    }
}
