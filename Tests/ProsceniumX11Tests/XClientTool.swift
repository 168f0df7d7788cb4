import Foundation

/// Other X clients a test runs as a user's desktop would (xclip, setxkbmap), off the main actor so the
/// window under test, which answers them there, keeps running.
enum XClientTool {
    /// Runs `tool arguments` to its end and returns what it printed on standard output.
    static func output(of tool: String, _ arguments: [String]) async throws -> String {
        try await Task.detached {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }.value
    }

    /// Starts `tool arguments` with `input` on its standard input and returns without waiting for its end:
    /// `xclip -i` forks a child that owns the selection until another client takes it, and that child
    /// keeps the parent's exit from being noticed here. Wait for its effect (the selection's new owner).
    static func start(_ tool: String, _ arguments: [String], input: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    }
}
