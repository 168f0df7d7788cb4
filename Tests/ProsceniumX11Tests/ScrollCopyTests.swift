import CX11
import Foundation
import Proscenium
@testable import ProsceniumX11
import ProsceniumTesting
import TestSupport
import Testing

/// Scroll blits: a scrolled view's pixels are moved within the back buffer and only what came into view
/// or changed is drawn. Two windows get the same scrolls, edits and moves frame by frame; one draws as it
/// always does (copying), the other is drawn whole every frame. Their windows must hold the same pixels on
/// every frame, as `RetentionTests` holds retention to a whole redraw.
@MainActor @Suite("Scroll copies", .serialized)
struct ScrollCopyTests {
    /// A screen worth scrolling: rows at fractional places with labels, a nested horizontal scroll view,
    /// a view under the scroll view and a translucent rounded badge over it.
    final class Screen: ViewController {
        let scrollView = ScrollView()
        let nested = ScrollView()
        let badge = View()
        var rows: [View] = []
        var labels: [Label] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = Color(hex: 0xE5E5EA)
            let under = View(frame: Rect(x: 20, y: 10, width: 300, height: 60))
            under.backgroundColor = Color(hex: 0xFF9500)
            view.addSubview(under)
            scrollView.frame = Rect(x: 30.5, y: 40, width: 300, height: 220.5)
            scrollView.backgroundColor = .white
            scrollView.contentSize = Size(width: 300, height: 60 * 47.3)
            for index in 0..<60 {
                let row = View(frame: Rect(x: 8, y: Double(index) * 47.3, width: 284, height: 41.7))
                row.backgroundColor = index % 3 == 0 ? Color(hex: 0xD1E8FF) : Color(hex: 0xF2F2F7)
                row.cornerRadius = index % 4 == 0 ? 6 : 0
                let label = Label(text: "Row \(index) — ωß€ \(index * 37)", frame: Rect(x: 10.25, y: 9.6, width: 250, height: 22))
                label.font = .systemFont(ofSize: 15)
                row.addSubview(label)
                scrollView.addSubview(row)
                rows.append(row)
                labels.append(label)
            }
            nested.frame = Rect(x: 8, y: 5 * 47.3 + 2, width: 284, height: 38)
            nested.backgroundColor = Color(hex: 0xFFFDE7)
            nested.contentSize = Size(width: 1200, height: 38)
            for index in 0..<20 {
                let block = View(frame: Rect(x: Double(index) * 61.5 + 4, y: 5, width: 50, height: 28))
                block.backgroundColor = Color(red: Double(index) / 20, green: 0.6, blue: 1 - Double(index) / 20)
                nested.addSubview(block)
            }
            scrollView.addSubview(nested)
            view.addSubview(scrollView)
            badge.frame = Rect(x: 240, y: 200, width: 110, height: 44)
            badge.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.55)
            badge.cornerRadius = 12
            view.addSubview(badge)
        }
    }

    /// One random frame's changes, applied to both screens alike.
    struct Step {
        var offset: Point?
        var nestedOffset: Point?
        var recolour: Int?
        var relabel: Int?
        var badgeMove: Point?
        var toggleHidden: Int?

        static func random(_ random: inout SeededGenerator, from current: Point, nestedFrom nested: Point) -> Step {
            var step = Step()
            switch random.next() % 20 {
            case 0..<11: step.offset = Point(x: 0, y: current.y + random.double(in: -24...24))
            case 11..<14: step.offset = Point(x: 0, y: current.y + random.double(in: -900...900))
            case 14..<16: step.nestedOffset = Point(x: nested.x + random.double(in: -60...60), y: 0)
            case 16: step.offset = Point(x: 0, y: current.y + random.double(in: -0.4...0.4))
            case 17:
                step.offset = Point(x: 0, y: current.y + random.double(in: -30...30))
                step.nestedOffset = Point(x: nested.x + random.double(in: -40...40), y: 0)
            default: break
            }
            if random.nextBit(oneIn: 6) { step.recolour = Int(random.next() % 60) }
            if random.nextBit(oneIn: 8) { step.relabel = Int(random.next() % 60) }
            if random.nextBit(oneIn: 5) { step.badgeMove = Point(x: random.double(in: -30...30), y: random.double(in: -30...30)) }
            if random.nextBit(oneIn: 12) { step.toggleHidden = Int(random.next() % 60) }
            return step
        }

        @MainActor func apply(to screen: Screen, frame: Int) {
            let scrollView = screen.scrollView
            if let offset {
                let maximum = max(0, scrollView.contentSize.height - scrollView.bounds.height)
                scrollView.contentOffset = Point(x: 0, y: min(max(offset.y, 0), maximum))
            }
            if let nestedOffset {
                let maximum = screen.nested.contentSize.width - screen.nested.bounds.width
                screen.nested.contentOffset = Point(x: min(max(nestedOffset.x, 0), maximum), y: 0)
            }
            if let recolour { screen.rows[recolour].backgroundColor = Color(red: 1, green: Double(frame % 12) / 12, blue: 0.7) }
            if let relabel { screen.labels[relabel].text = "Changed in frame \(frame)" }
            if let badgeMove {
                let frame = screen.badge.frame
                screen.badge.frame = Rect(x: min(max(frame.minX + badgeMove.x, 0), 300), y: min(max(frame.minY + badgeMove.y, 0), 250),
                                          width: frame.width, height: frame.height)
            }
            if let toggleHidden { screen.rows[toggleHidden].isHidden.toggle() }
        }
    }

    /// Copies within the window at three scales, and within the back buffer (as when another window covers
    /// this one); every tenth frame the back buffer, made whole, must hold the frame the window shows too.
    @Test("scrolls, nested scrolls, edits and an overlay moving: the window copying equals one drawn whole, every frame",
          arguments: [(1.0, UInt64(11), true), (1.5, UInt64(29), true), (2.0, UInt64(107), true), (1.0, UInt64(5), false)])
    func copiesEqualWholeRedraws(scale: Double, seed: UInt64, inWindow: Bool) async throws {
        let copying = Screen(), whole = Screen()
        let size = Size(width: 400, height: 300)
        let a = try await WindowTester.start(copying, size: size, scale: scale)
        defer { a.stop() }
        let b = try await WindowTester.start(whole, size: size, scale: scale)
        defer { b.stop() }
        a.host.renderer.windowScrolls.enabled = inWindow
        var random = SeededGenerator(seed: seed)
        var copiedFrames = 0, staleFrames = 0
        for frame in 0..<100 {
            let step = Step.random(&random, from: copying.scrollView.contentOffset, nestedFrom: copying.nested.contentOffset)
            step.apply(to: copying, frame: frame)
            step.apply(to: whole, frame: frame)
            whole.view.window?.setNeedsDisplay()
            a.frame()
            if a.host.renderer.statistics.scrolledPixels > 0 { copiedFrames += 1 }
            if a.host.renderer.backBufferIsStale { staleFrames += 1 }
            b.frame()
            let copied = try a.host.captureImage(), drawn = try b.host.captureImage()
            let difference = ImageComparison.pixelsDiffering(copied, drawn, tolerance: 0)
            #expect(difference.mismatchedPixels == 0, "frame \(frame) (\(step)): \(difference.mismatchedPixels) pixels differ; \(Self.writeArtifacts(copied, drawn, frame: frame, scale: scale))")
            if difference.mismatchedPixels > 0 { break }
            if frame % 10 == 9 {
                let restored = try a.host.captureBackBuffer()
                let behind = ImageComparison.pixelsDiffering(restored, drawn, tolerance: 0)
                #expect(behind.mismatchedPixels == 0, "frame \(frame): the back buffer made whole differs in \(behind.mismatchedPixels) pixels")
            }
            if frame % 8 == 0 { await Task.yield() }
        }
        #expect(copiedFrames > 35, "most scrolled frames are copies: \(copiedFrames)")
        // Copied within the window, the back buffer lacks the moved pixels until a frame draws them.
        #expect(inWindow ? staleFrames > 20 : staleFrames == 0, "frames that left the back buffer stale: \(staleFrames)")
    }

    /// Writes both frames and their difference where failed comparisons leave theirs; says where.
    static func writeArtifacts(_ copied: Image, _ drawn: Image, frame: Int, scale: Double) -> String {
        let directory = ImageComparison.defaultArtifactsDirectory
        let name = "scroll-copy-\(scale)x-frame-\(frame)"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try PNGCodec.write(copied, to: "\(directory)/\(name)-copied.png")
            try PNGCodec.write(drawn, to: "\(directory)/\(name)-whole.png")
            try PNGCodec.write(ImageComparison.diffImage(copied, drawn, tolerance: 0), to: "\(directory)/\(name)-diff.png")
            return "\(name)-{copied,whole,diff}.png in \(directory)"
        } catch {
            return "no artifacts: \(error)"
        }
    }

    @Test("a 10-point scroll of a 220-point list draws the 10-point band, not the list")
    func aSmallScrollDrawsTheBand() async throws {
        let screen = Screen()
        let tester = try await WindowTester.start(screen, size: Size(width: 400, height: 300))
        defer { tester.stop() }
        screen.badge.isHidden = true
        screen.scrollView.showsVerticalScrollIndicator = false
        tester.frame()
        screen.scrollView.contentOffset = Point(x: 0, y: 100)
        tester.frame()
        screen.scrollView.contentOffset = Point(x: 0, y: 110)
        tester.frame()
        // The viewport is 221 pixels tall (40 to 260.5, its bottom edge on the nearest whole pixel).
        let statistics = tester.host.renderer.statistics
        #expect(statistics.scrolledPixels == 300 * 211, "all but the band is moved")
        #expect(statistics.damagePixels == 300 * 10, "the band is drawn: \(statistics.damagePixels) pixels damaged")
    }
}
