import ArgumentParser
import Glibc
import Proscenium
import ProsceniumX11

/// `proscenium-demo`: opens a window on the X display and shows the demo scene.
@main
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proscenium-demo",
        abstract: "Shows Proscenium's demo scene in an X11 window.",
        discussion: """
            Runs on the X server named by DISPLAY. Prints one JSON object per line on standard output \
            (ready, firstFrame, pointer, screenshot) so scripts and tests can follow what happens.
            """)

    @Option(help: "Window size as WIDTHxHEIGHT.", transform: WindowSize.parse)
    var size = WindowSize(width: 1280, height: 800)

    @Option(help: "Write a PNG screenshot to this path once the scene is at rest, then exit.")
    var screenshot: String?

    @Option(help: "Click at X,Y (window coordinates) once the first frame is on screen, as if the user did.",
            transform: DemoPoint.parse)
    var click: DemoPoint?

    @Option(help: "Quit after this many seconds (for scripted runs); prints frame statistics first.")
    var exitAfter: Double?

    @Flag(help: "Keep the cards moving (for measuring frame pacing).")
    var animateContinuously = false

    func validate() throws {
        if let exitAfter, exitAfter <= 0 { throw ValidationError("--exit-after must be a positive number of seconds") }
        if let screenshot { try ScreenshotPath.validate(screenshot) }
    }

    func run() throws {
        let options = self
        try MainActor.assumeIsolated {
            try DemoApp.launch(options)
        }
    }
}

/// `--size` values: WIDTHxHEIGHT, each between 100 and 8192.
struct WindowSize: Sendable {
    var width: Int
    var height: Int

    static func parse(_ text: String) throws -> WindowSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (100...8192).contains(w),
              (100...8192).contains(h) else {
            throw ValidationError("--size must look like 1280x800, each side between 100 and 8192; got '\(text)'")
        }
        return WindowSize(width: w, height: h)
    }
}

/// `--click` values: X,Y in window points.
struct DemoPoint: Sendable {
    var x: Double
    var y: Double

    static func parse(_ text: String) throws -> DemoPoint {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x >= 0, y >= 0 else {
            throw ValidationError("--click must look like 640,400; got '\(text)'")
        }
        return DemoPoint(x: x, y: y)
    }
}

/// Checks a screenshot path before the window opens, so a bad path fails fast with a clear message.
enum ScreenshotPath {
    static func validate(_ path: String) throws {
        guard path.hasSuffix(".png") else { throw ValidationError("--screenshot must name a .png file; got '\(path)'") }
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var info = stat()
        guard stat(dir, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ValidationError("cannot write screenshot '\(path)': directory '\(dir)' does not exist")
        }
        guard access(dir, W_OK) == 0 else {
            throw ValidationError("cannot write screenshot '\(path)': directory '\(dir)' is not writable")
        }
    }
}
