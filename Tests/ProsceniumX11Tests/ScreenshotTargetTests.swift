import Foundation
import Proscenium
import Testing
import TestSupport

/// `--screenshot` into a directory that cannot take the file: a full disk and a read-only file system,
/// each a tmpfs the demo sees in a mount namespace of its own (`unshare --user --map-root-user --mount`,
/// so no root is needed). The demo says why in words, exits 1, and leaves no file, hidden or not.
@Suite("Screenshot targets", .serialized)
struct ScreenshotTargetTests {
    /// The exit status of the launcher script when it could not set up the file system.
    static let setupFailed: Int32 = 90

    /// Runs the demo with `--screenshot DIR/shot.png` and `arguments`, where DIR is a fresh tmpfs mounted
    /// with `options` and prepared by `prepare` (shell code using "$dir"); returns the demo's exit status,
    /// its stderr and what DIR held afterwards.
    static func run(tmpfs options: String, prepare: String = ":", arguments: [String],
                    display: String) async throws -> (status: Int32, stderr: String, left: [String]) {
        let unshare = "/usr/bin/unshare"
        try #require(FileManager.default.isExecutableFile(atPath: unshare), "these tests need unshare (util-linux)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proscenium-target-\(getpid())-\(UUID().uuidString)").path
        let mountPoint = folder + "/mnt"
        let listing = folder + "/listing"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = """
            dir=$1; listing=$2; shift 2
            mount -t tmpfs -o \(options) tmpfs "$dir" || { echo "cannot mount a tmpfs on $dir" >&2; exit \(setupFailed); }
            \(prepare)
            "$@"; status=$?
            ls -A "$dir" > "$listing"
            exit $status
            """
        let demo = try DemoProcess(arguments: ["--screenshot", mountPoint + "/shot.png"] + arguments,
                                   environment: ["DISPLAY": display],
                                   launcher: [unshare, "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh",
                                              mountPoint, listing])
        let exit = try #require(await demo.exit(timeout: 30), "\(demo.diagnosis)")
        try #require(exit.status != setupFailed, "could not make the file system for the test: \(demo.errorOutput)")
        let left = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").map(String.init)
        return (exit.status, demo.errorOutput, left)
    }

    @Test("a full disk: the demo says the disk is full, exits 1, and removes its temporary file")
    func fullDisk() async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            // Filled to the last block before the demo starts, so its first write fails.
            let result = try await Self.run(tmpfs: "size=256k", prepare: #"cat /dev/zero > "$dir/filler" 2>/dev/null"#,
                                      arguments: ["--size", "800x600"], display: server.displayName)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("proscenium-demo: cannot write PNG to '"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("is full (No space left on device) — free some space there or choose another directory"),
                    "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("Write Error"))
            #expect(result.left == ["filler"], "left behind: \(result.left)")
        }
    }

    @Test("a read-only file system: the demo says so before it opens a window, and writes nothing")
    func readOnlyFileSystem() async throws {
        try await withPrivateXvfb(width: 1280, height: 800) { server in
            let result = try await Self.run(tmpfs: "ro,size=64k", arguments: ["--log-events"], display: server.displayName)
            #expect(result.status != 0)
            #expect(result.stderr.contains("is on a read-only file system"), "stderr: \(result.stderr)")
            #expect(result.stderr.hasPrefix("proscenium-demo: "))
            #expect(result.left.isEmpty, "left behind: \(result.left)")
        }
    }
}
