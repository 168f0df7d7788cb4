import Proscenium

/// The measurer `XftTextMeasurer.install(display:)` makes `TextLayout.measurer`, for text in no window
/// (a label sized before it is added to one): it measures with the Xft measurer of the display installed
/// last that is still open, and like the core's estimate once none is. A window's views do not use it:
/// they measure with their own display's measurer, whichever displays open and close meanwhile.
@MainActor final class LatestDisplayTextMeasurer: TextMeasuring {
    static let shared = LatestDisplayTextMeasurer()

    /// A display's measurer, held weakly: it goes with its display.
    private struct Installed {
        weak var measurer: XftTextMeasurer?
    }

    /// Oldest first.
    private var installed: [Installed] = []
    private let estimate = EstimatingTextMeasurer()

    /// Makes `measurer` the one used, until its display closes.
    func add(_ measurer: XftTextMeasurer) {
        installed.removeAll { $0.measurer == nil || $0.measurer === measurer }
        installed.append(Installed(measurer: measurer))
    }

    /// The measurer of the display installed last that is still open; the closed ones are forgotten.
    private var current: any TextMeasuring {
        while let last = installed.last {
            if let measurer = last.measurer, measurer.isOpen { return measurer }
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
