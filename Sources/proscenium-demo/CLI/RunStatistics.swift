import Dispatch
import Glibc
import Proscenium
import ProsceniumX11

/// Measures the run for `--stats`: how long each frame's work took, the first frame, peak memory.
@MainActor final class RunStatistics {
    private var frameTimes: [Double] = []
    /// Milliseconds from launch to the first frame on screen, once it was.
    var firstFrameMilliseconds: Double?
    /// Pixel accounting summed over the frames that drew something: damaged, left alone because the back
    /// buffer held them, not drawn under an opaque view, drawn as one folded fill, drawn tinted under an overlay, copied to the window, filled straight into the window.
    private var pixelFrames = 0
    private var pixels = (damaged: 0, retained: 0, occluded: 0, folded: 0, tinted: 0, copied: 0, windowFilled: 0, scrolled: 0, scrolledInWindow: 0)
    private var requests: [RequestKind: RequestTally] = [:]

    /// Adds one frame's pixel accounting (frames that drew nothing are not counted).
    func recordPixels(_ statistics: RenderStatistics, copied: Double) {
        guard statistics.damagePixels > 0 else { return }
        pixelFrames += 1
        pixels.damaged += statistics.damagePixels
        pixels.retained += statistics.retainedPixels
        pixels.occluded += statistics.occludedPixels
        pixels.folded += statistics.foldedPixels
        pixels.tinted += statistics.tintedPixels
        pixels.copied += Int(copied)
        pixels.windowFilled += statistics.windowFilledPixels
        pixels.scrolled += statistics.scrolledPixels
        pixels.scrolledInWindow += statistics.scrolledInWindowPixels
        for (kind, tally) in statistics.requests {
            requests[kind, default: RequestTally()].requests += tally.requests
            requests[kind, default: RequestTally()].pixels += tally.pixels
        }
    }

    /// Wraps `clock`'s frame handler so every frame's duration is recorded, then calls `after`.
    func measureFrames(of clock: FrameClock, after: @escaping @MainActor () -> Void) {
        let inner = clock.frameHandler
        clock.frameHandler = { [weak self] time in
            let start = DispatchTime.now().uptimeNanoseconds
            inner?(time)
            self?.frameTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            after()
        }
    }

    /// The `stats` line's fields; `dropped` comes from the clock.
    func fields(droppedFrames: Int) -> [(String, LogValue)] {
        // The first frame builds the whole window (fonts, cached layers): it is launch, reported as
        // `firstFrameWorkMs` and `firstFrameMs`, not frame pacing.
        let sorted = frameTimes.dropFirst().sorted()
        func percentile(_ p: Double) -> LogValue {
            guard !sorted.isEmpty else { return .number(0) }
            let index = min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)
            return .number(round3(sorted[max(0, index)]))
        }
        return [
            ("frames", .number(Double(frameTimes.count))), ("dropped", .number(Double(droppedFrames))),
            ("p50", percentile(0.5)), ("p95", percentile(0.95)), ("p99", percentile(0.99)),
            ("max", .number(round3(sorted.last ?? 0))),
            ("firstFrameMs", .number(round3(firstFrameMilliseconds ?? 0))),
            ("firstFrameWorkMs", .number(round3(frameTimes.first ?? 0))),
            ("peakRSSKiB", .number(Double(Self.peakResidentKiB()))),
            ("drawingFrames", .number(Double(pixelFrames))),
            ("damagedPixelsPerFrame", perFrame(pixels.damaged)), ("retainedPixelsPerFrame", perFrame(pixels.retained)),
            ("occludedPixelsPerFrame", perFrame(pixels.occluded)), ("foldedPixelsPerFrame", perFrame(pixels.folded)),
            ("tintedPixelsPerFrame", perFrame(pixels.tinted)),
            ("copiedPixelsPerFrame", perFrame(pixels.copied)), ("windowFilledPixelsPerFrame", perFrame(pixels.windowFilled)),
            ("scrolledPixelsPerFrame", perFrame(pixels.scrolled)), ("scrolledInWindowPixelsPerFrame", perFrame(pixels.scrolledInWindow)),
            // Per drawn frame, for each kind of request: [requests, pixels they may touch].
            ("requestsPerFrame", .object(RequestKind.allCases.map { kind in
                let tally = requests[kind] ?? RequestTally()
                return (kind.rawValue, .list([perFrame(tally.requests, digits: 1), perFrame(tally.pixels)]))
            })),
        ]
    }

    private func perFrame(_ total: Int, digits: Int = 0) -> LogValue {
        let scale = digits == 0 ? 1.0 : 10.0
        return .number((Double(total) / Double(max(pixelFrames, 1)) * scale).rounded() / scale)
    }

    private func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// This process's peak resident memory in KiB: VmHWM from /proc/self/status. Not `ru_maxrss`, which
    /// Linux carries over an exec, so a demo spawned by a big process would report its parent's size.
    static func peakResidentKiB() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return Int(text.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "0") ?? 0
            }
        }
        return 0
    }
}
