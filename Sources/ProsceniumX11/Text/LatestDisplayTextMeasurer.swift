import Proscenium

/// The measurer `XftTextMeasurer.install(display:scale:)` makes `TextLayout.measurer`, for text in no
/// window (a label sized before it is added to one): it measures with the Xft measurer of the display
/// installed last that is still open, at the scale of the window that installed it (see
/// `Display.textMeasurer(forScale:)`), and like the core's estimate once none is. There is one per scale,
/// so a scale change gives text in no window a new measurer, which views key their caches by. A window's
/// views do not use it: they measure with their own display's measurer, whichever displays open and
/// close meanwhile.
@MainActor final class LatestDisplayTextMeasurer: TextMeasuring {
    /// The measurer for text in no window while the window installed last is drawn at `scale`.
    static func forScale(_ scale: Double) -> LatestDisplayTextMeasurer {
        if let measurer = byScale[scale] { return measurer }
        let measurer = LatestDisplayTextMeasurer(scale: scale)
        byScale[scale] = measurer
        return measurer
    }

    private static var byScale: [Double: LatestDisplayTextMeasurer] = [:]

    /// A display's measurer, held weakly: it goes with its display.
    private struct Installed {
        weak var measurer: XftTextMeasurer?
    }

    /// Oldest first, shared by every scale.
    private static var installed: [Installed] = []

    /// Makes `measurer` the one used, until its display closes.
    static func add(_ measurer: XftTextMeasurer) {
        installed.removeAll { $0.measurer == nil || $0.measurer === measurer }
        installed.append(Installed(measurer: measurer))
    }

    /// Device pixels per point of the window this measures for.
    let scale: Double
    private let estimate = EstimatingTextMeasurer()

    private init(scale: Double) {
        self.scale = scale
    }

    /// The measurer of the display installed last that is still open, at this scale; the closed ones are
    /// forgotten.
    private var current: any TextMeasuring {
        while let last = Self.installed.last {
            if let measurer = last.measurer, measurer.isOpen { return measurer.atScale(scale) }
            Self.installed.removeLast()
        }
        return estimate
    }

    /// Advance width of `text` on one line, in pixels.
    func width(of text: String, font: Proscenium.Font) -> Double {
        current.width(of: text, font: font)
    }

    /// Ascent and descent of the font, in pixels.
    func lineMetrics(for font: Proscenium.Font) -> (ascent: Double, descent: Double) {
        current.lineMetrics(for: font)
    }
}
