import Proscenium

/// The measurer `XftTextMeasurer.install(display:)` makes `TextLayout.measurer`, for text in no window
/// (a label sized before it is added to one): it measures with the Xft measurer of the display installed
/// last that is still open, and like the core's estimate once none is. A window's views do not use it:
/// they measure with their own display's measurer, whichever displays open and close meanwhile.
@MainActor final class LatestDisplayTextMeasurer: TextMeasuring {
    static let shared = LatestDisplayTextMeasurer()

    /// A display's measurer, held weakly (it goes with its display), and the scale of the window that
    /// installed it last.
    private struct Installed {
        weak var measurer: XftTextMeasurer?
        var scale: Double
    }

    /// Oldest first.
    private var installed: [Installed] = []
    private let estimate = EstimatingTextMeasurer()

    /// Makes `measurer`, at `scale`, the one used, until its display closes.
    func add(_ measurer: XftTextMeasurer, scale: Double) {
        installed.removeAll { $0.measurer == nil || $0.measurer === measurer }
        installed.append(Installed(measurer: measurer, scale: scale))
    }

    /// The measurer of the display installed last that is still open, at its scale; the closed ones are
    /// forgotten.
    private var current: any TextMeasuring {
        while let last = installed.last {
            if let measurer = last.measurer, measurer.isOpen { return measurer.atScale(last.scale) }
            installed.removeLast()
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
