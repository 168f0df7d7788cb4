import ArgumentParser
import Glibc
import Proscenium
import ProsceniumX11
import ProsceniumGallery

/// `--size` values: WIDTHxHEIGHT, each side from the window's minimum (480) to 8192.
struct WindowSize: Sendable {
    static let minimumSide = 480
    static let maximumSide = 8192

    var width: Int
    var height: Int

    static func parse(_ text: String) throws -> WindowSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let range = minimumSide...maximumSide
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), range.contains(w), range.contains(h) else {
            throw ValidationError("--size must look like 1280x800, each side from \(minimumSide) to \(maximumSide); got '\(text)'")
        }
        return WindowSize(width: w, height: h)
    }

    /// The size in the core's units.
    var size: Size { Size(width: Double(width), height: Double(height)) }
}

/// `--appearance` values: light or dark.
enum AppearanceArgument {
    static func parse(_ text: String) throws -> UserInterfaceStyle {
        guard let style = UserInterfaceStyle(name: text) else {
            throw ValidationError("--appearance must be light or dark; got '\(text)'")
        }
        return style
    }
}

/// `--scale` values: device pixels per point, above 0 and at most `DisplayScale.maximum`.
enum DisplayScaleArgument {
    static func parse(_ text: String) throws -> Double {
        guard let value = DisplayScale.parse(text) else {
            throw ValidationError("--scale must be a number above 0 and at most \(Int(DisplayScale.maximum)), such as 1.5 or 2; got '\(text)'")
        }
        return value
    }
}

/// `--click` values: X,Y in window points.
struct DemoPoint: Sendable {
    var x: Double
    var y: Double

    static func parse(_ text: String) throws -> DemoPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x >= 0, y >= 0, x.isFinite, y.isFinite else {
            throw ValidationError("--click must look like 640,400 (X,Y, both 0 or more); got '\(text)'")
        }
        return DemoPoint(x: x, y: y)
    }

    var point: Point { Point(x: x, y: y) }
}

/// `--drag` values: `X0,Y0:X1,Y1`, a drag from one window point to another.
struct DemoDrag: Sendable {
    var start: DemoPoint
    var end: DemoPoint

    static func parse(_ text: String) throws -> DemoDrag {
        let ends = text.split(separator: ":", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = try? DemoPoint.parse(String(ends[0])), let end = try? DemoPoint.parse(String(ends[1])) else {
            throw ValidationError("--drag must look like 400,600:400,200 (X0,Y0:X1,Y1, all 0 or more); got '\(text)'")
        }
        return DemoDrag(start: start, end: end)
    }

    /// The drag's input on virtual time from `time`: the press, a move every frame for 0.1 s at an even
    /// speed, and the release where the last move ended, so the content keeps the drag's speed.
    func events(from time: Double) -> [(time: Double, event: InputEvent)] {
        let frames = 6
        var events: [(Double, InputEvent)] = [(time, .pointerDown(start.point, button: 1, time: time))]
        for frame in 1...frames {
            let t = time + Double(frame) / 60, f = Double(frame) / Double(frames)
            let point = Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
            events.append((t, .pointerMoved(point, time: t)))
        }
        let last = time + Double(frames) / 60
        events.append((last, .pointerUp(end.point, button: 1, time: last)))
        return events
    }
}

/// `--scene` values: the names `--list-scenes` prints.
enum SceneName {
    static func parse(_ text: String) throws -> String {
        guard SceneCatalog.names.contains(text) else {
            throw ValidationError("unknown scene '\(text)'; valid scenes: \(SceneCatalog.names.joined(separator: ", "))")
        }
        return text
    }
}

/// `--key` values: a named key or one character.
struct KeyName: Sendable {
    static let named: [(String, Key)] = [
        ("escape", .escape), ("return", .return), ("tab", .tab), ("space", .space), ("backspace", .backspace),
        ("delete", .delete), ("home", .home), ("end", .end), ("up", .up), ("down", .down), ("left", .left), ("right", .right),
    ]
    static var validNames: String { named.map(\.0).joined(separator: ", ") }

    var key: Key

    static func parse(_ text: String) throws -> KeyName {
        if let match = named.first(where: { $0.0 == text.lowercased() }) { return KeyName(key: match.1) }
        if text.count == 1 { return KeyName(key: .character(text)) }
        throw ValidationError("unknown key '\(text)'; valid keys: \(validNames), or one character")
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
            if errno == EROFS {
                throw ValidationError("cannot write screenshot '\(path)': directory '\(dir)' is on a read-only file system")
            }
            throw ValidationError("cannot write screenshot '\(path)': directory '\(dir)' is not writable")
        }
    }
}

/// `--capture-frames` values: virtual times and FROM..TO ranges (every frame from FROM through TO),
/// comma-separated, such as `0.05,0.1,1.0..1.5`.
struct FrameTimes: Sendable {
    /// The most frames one run may write (ten minutes at 60 fps).
    static let maximumCount = 36_000

    /// Single times, and ranges of times, in seconds.
    var times: [Double] = []
    var ranges: [ClosedRange<Double>] = []

    static func parse(_ text: String) throws -> FrameTimes {
        var result = FrameTimes()
        let usage = "--capture-frames must be seconds and FROM..TO ranges, comma-separated, such as 0.05,0.1,1.0..1.5"
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = item.split(separator: ".." as String, maxSplits: 1, omittingEmptySubsequences: false)
            let values = bounds.compactMap { Double($0) }
            guard values.count == bounds.count, values.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
                throw ValidationError("\(usage); got '\(item)'")
            }
            if values.count == 1 {
                result.times.append(values[0])
            } else {
                guard values[0] <= values[1], (values[1] - values[0]) * 60 < Double(maximumCount) else {
                    throw ValidationError("\(usage), FROM not after TO and at most \(maximumCount / 60) s apart; got '\(item)'")
                }
                result.ranges.append(values[0]...values[1])
            }
        }
        return result
    }

    /// The frame indices to capture, given how `frameIndex` maps a time to the first frame at or after it.
    func frameIndices(_ frameIndex: (Double) -> Int) -> Set<Int> {
        var indices = Set(times.map(frameIndex))
        for range in ranges { indices.formUnion(frameIndex(range.lowerBound)...frameIndex(range.upperBound)) }
        return indices
    }

    /// The last time asked for.
    var latest: Double { (times + ranges.map(\.upperBound)).max() ?? 0 }
}
