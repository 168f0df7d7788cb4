import Proscenium
@testable import ProsceniumX11
import TestSupport
import Testing

/// A list's rows under the shade of a push, filled straight into the window where each row's background is
/// the last thing drawn: the window must show what it shows when they go through the back buffer, on every
/// frame, and the back buffer must be made whole before it is read whole.
@MainActor @Suite("Filling a shaded list's rows straight into the window")
struct FinalFillTests {
    /// Tall enough that no row hides an eighth of the damage (see `XRenderRenderer.occluder`), as in a
    /// window's list: the screens themselves are what occlude.
    static let size = Size(width: 480, height: 600)

    /// A push in small: a list of rows (label, separator) sliding a third of the way left under a black shade
    /// that deepens, and a white screen sliding in from the right over both.
    @MainActor final class Push: SteppedScene {
        let covered = View(), shade = View(), pushed = View()

        init(in root: View) {
            root.backgroundColor = Color(hex: 0xF2F2F7)
            covered.backgroundColor = .white
            let list = View(frame: Rect(origin: .zero, size: FinalFillTests.size))
            list.clipsToBounds = true
            covered.addSubview(list)
            for row in 0..<6 {
                let cell = View(frame: Rect(x: 0, y: Double(row) * 44, width: FinalFillTests.size.width, height: 44))
                cell.backgroundColor = .white
                cell.addSubview(Label(text: "Row \(row)", frame: Rect(x: 16, y: 12, width: 200, height: 20)))
                let separator = View(frame: Rect(x: 16, y: 43, width: FinalFillTests.size.width - 16, height: 1))
                separator.backgroundColor = Color(hex: 0xC6C6C8)
                cell.addSubview(separator)
                list.addSubview(cell)
            }
            root.addSubview(covered)
            shade.backgroundColor = .black
            shade.frame = Rect(origin: .zero, size: FinalFillTests.size)
            root.addSubview(shade)
            pushed.backgroundColor = .white
            pushed.addSubview(Label(text: "Detail", frame: Rect(x: 16, y: 60, width: 200, height: 20)))
            root.addSubview(pushed)
            step(0)
        }

        /// The frame-th of 24 frames of the push.
        func step(_ frame: Int) {
            let progress = min(1, Double(frame) / 24)
            let width = FinalFillTests.size.width
            covered.frame = Rect(x: (-width / 3 * progress).rounded(), y: 0, width: width, height: FinalFillTests.size.height)
            shade.alpha = 0.1 * progress
            pushed.frame = Rect(x: (width * (1 - progress)).rounded(), y: 0, width: width, height: FinalFillTests.size.height)
        }
    }

    typealias Pair = WindowFillPair<Push>

    @Test("every frame of the push: the same window, with the shaded rows' backgrounds not copied")
    func theWindowShowsTheSameFrames() async throws {
        let pair = try await Pair(size: FinalFillTests.size)
        defer { pair.stop() }
        var rowsFilled = 0
        for frame in 1...24 {
            await Task.yield()
            pair.step(frame)
            let renderer = pair.filled.host.renderer
            let copied = renderer.copyRects.reduce(0) { $0 + $1.width * $1.height }
            #expect(copied + Double(renderer.statistics.windowFilledPixels) == renderer.drawnRegion.area,
                    "frame \(frame): what was drawn is either copied or filled into the window, not both")
            // The rows' band, under the shade and left of the pushed screen: most of it goes to the window.
            let visible = pair.scene.pushed.frame.minX
            if visible >= 64, renderer.statistics.tintedPixels > 0 {
                let rows = Rect(x: 0, y: 0, width: visible, height: 6 * 44)
                let copiedInRows = renderer.copyRects.reduce(0) { $0 + Self.area($1.intersection(rows)) }
                if copiedInRows < Self.area(rows) / 2 { rowsFilled += 1 }
            }
            try pair.expectSameWindows("frame \(frame)")
        }
        #expect(rowsFilled >= 12, "most frames fill the shaded rows into the window (\(rowsFilled) did)")
    }

    @Test("the back buffer the rows skipped is made whole before a capture reads it, and once idle")
    func theBackBufferIsMadeWhole() async throws {
        let pair = try await Pair(size: FinalFillTests.size)
        defer { pair.stop() }
        for frame in 1...12 { pair.step(frame) }
        let host = pair.filled.host!
        #expect(host.renderer.backBufferIsStale, "the rows went to the window only")
        try pair.expectBackBufferMatchesReference("the back buffer")
        // Stale again, then made whole by the idle release: what it replays is the frame the window shows.
        pair.step(13)
        #expect(host.renderer.backBufferIsStale)
        host.renderer.releaseIdleResources()
        try pair.expectBackBufferMatchesReference("after the idle release")
    }

    static func area(_ rect: Rect) -> Double { rect.width * rect.height }

    // MARK: - Which pixels are final

    static let white = Color.white, gray = Color(hex: 0xC6C6C8)

    static func rows(_ count: Int, width: Double = 400) -> [DisplayCommand] {
        var commands: [DisplayCommand] = [.fill(rect: Rect(x: 0, y: 0, width: width, height: 300), cornerRadius: 0, color: white)]
        for row in 0..<count {
            let y = Double(row) * 44
            commands.append(.fill(rect: Rect(x: 0, y: y, width: width, height: 44), cornerRadius: 0, color: white))
            commands.append(.fill(rect: Rect(x: 16, y: y + 43, width: width - 16, height: 1), cornerRadius: 0, color: gray))
        }
        return commands
    }

    static func finals(_ commands: [DisplayCommand], later: [Rect] = [], clip: [Rect] = [Rect(x: 0, y: 0, width: 400, height: 300)])
        -> [(color: Color, rects: [Rect])] {
        let target = Rect(x: 0, y: 0, width: 400, height: 300)
        let places = XRenderRenderer.topLevelExtents(of: commands.summaries, target: target,
                                                     extentAt: { XRenderRenderer.extent(of: commands[$0]) })
        return XRenderRenderer.finalFills(in: commands.summaries, 0..<commands.count, places: places, later: later, clip: clip)
    }

    @Test("a row's background is final away from its separator and what is drawn after it, and the screen's below the rows")
    func rowsAreFinalAwayFromWhatIsDrawnOverThem() {
        let finals = Self.finals(Self.rows(2), later: [Rect(x: 300, y: 0, width: 100, height: 300)])
        #expect(finals.count == 1)
        let rects = finals.first?.rects ?? []
        #expect(finals.first?.color == Self.white)
        #expect(!rects.isEmpty)
        for rect in rects {
            #expect(rect.maxX <= 300, "nothing drawn after the overlay is filled over: \(rect)")
            #expect(!rect.intersects(Rect(x: 16, y: 43, width: 384, height: 1)), "the first separator: \(rect)")
            #expect(!rect.intersects(Rect(x: 16, y: 87, width: 384, height: 1)), "the second separator: \(rect)")
        }
        // The first row above its separator, less the spare pixel: a 300 x 41 band at least, whole; and the
        // screen's background below the last separator's spare pixel, which nothing is drawn over.
        #expect(rects.contains { $0.contains(Rect(x: 0, y: 0, width: 300, height: 41)) })
        #expect(rects.contains { $0.contains(Rect(x: 0, y: 90, width: 300, height: 210)) })
    }

    @Test("fills in a layer, translucent, rounded, off the clip or too small are never final")
    func onlyPlainOpaqueFillsInSquareClipsAreFinal() {
        let band = Rect(x: 0, y: 0, width: 400, height: 100)
        let opacity: [DisplayCommand] = [.pushOpacity(alpha: 0.5, bounds: band), .fill(rect: band, cornerRadius: 0, color: Self.white), .popOpacity]
        #expect(Self.finals(opacity).isEmpty)
        let rounded: [DisplayCommand] = [.pushClip(rect: band, cornerRadius: 12, corners: .all), .fill(rect: band, cornerRadius: 0, color: Self.white), .popClip]
        #expect(Self.finals(rounded).isEmpty)
        #expect(Self.finals([.fill(rect: band, cornerRadius: 0, color: Self.white.withAlphaComponent(0.9))]).isEmpty)
        #expect(Self.finals([.fill(rect: band, cornerRadius: 10, color: Self.white)]).isEmpty)
        #expect(Self.finals([.fill(rect: Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 0, color: Self.white)]).isEmpty)
        #expect(Self.finals([.fill(rect: band, cornerRadius: 0, color: Self.white)], clip: [Rect(x: 0, y: 200, width: 400, height: 100)]).isEmpty)
        // Inside a square clip, only what the clip lets through.
        let clipped: [DisplayCommand] = [.pushClip(rect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 0, corners: .all),
                                         .fill(rect: band, cornerRadius: 0, color: Self.white), .popClip]
        #expect(Self.finals(clipped).first?.rects == [Rect(x: 0, y: 0, width: 200, height: 100)])
    }
}
