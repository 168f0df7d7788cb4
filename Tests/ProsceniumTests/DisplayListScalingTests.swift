import Testing
@testable import Proscenium

/// A display list in points drawn at a scale: every length scaled, a transform's translation too, and
/// views snapped to whole device pixels rather than whole points.
@MainActor @Suite("Display list at a scale")
struct DisplayListScalingTests {
    @Test func everyLengthIsScaled() {
        let layout = TextLayout(font: .systemFont(ofSize: 17),
                                lines: [TextLayout.Line(text: "Hi", x: 2, baseline: 13, width: 16)], size: Size(width: 20, height: 21))
        let list = DisplayList(commands: [
            .fill(rect: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 5, color: .red),
            .border(rect: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 5, width: 1, color: .red),
            .shadow(rect: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 5, blurRadius: 10, offset: Point(x: 0, y: 4), color: .black),
            .text(layout, origin: Point(x: 10, y: 20), color: .black),
            .pushTransform(AffineTransform(scaleX: 0.5, y: 0.5).concatenating(AffineTransform(translationX: 10, y: 20)),
                           bounds: Rect(x: 0, y: 0, width: 100, height: 50)),
            .popTransform,
        ]).scaled(by: 2)
        #expect(list.commands[0] == .fill(rect: Rect(x: 2, y: 4, width: 6, height: 8), cornerRadius: 10, color: .red))
        #expect(list.commands[1] == .border(rect: Rect(x: 2, y: 4, width: 6, height: 8), cornerRadius: 10, width: 2, color: .red))
        #expect(list.commands[2] == .shadow(rect: Rect(x: 2, y: 4, width: 6, height: 8), cornerRadius: 10, blurRadius: 20,
                                           offset: Point(x: 0, y: 8), color: .black))
        guard case let .text(scaled, origin, _) = list.commands[3] else { Issue.record("text expected"); return }
        #expect(scaled.font.size == 34 && origin == Point(x: 20, y: 40))
        #expect(scaled.lines == [TextLayout.Line(text: "Hi", x: 4, baseline: 26, width: 32)] && scaled.size == Size(width: 40, height: 42))
        guard case let .pushTransform(transform, bounds) = list.commands[4] else { Issue.record("transform expected"); return }
        // Local (100, 50) lands at (60, 45) points before scaling, so at (120, 90) pixels after.
        #expect(transform.apply(to: Point(x: 200, y: 100)) == Point(x: 120, y: 90))
        #expect(bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(DisplayList(commands: [.popClip]).scaled(by: 1).commands == [.popClip])
    }

    @Test("at 1.5, a view lands on a whole device pixel: a multiple of 2/3 point")
    func snapsToDevicePixels() {
        let window = Window(size: Size(width: 200, height: 200), clock: ManualFrameClock())
        window.displayScale = 1.5
        let view = View(frame: Rect(x: 10.4, y: 20.9, width: 50, height: 50))
        view.backgroundColor = .black
        window.addSubview(view)
        let fills = window.currentDisplayList().commands.compactMap { command -> Rect? in
            guard case let .fill(rect, _, _, _) = command else { return nil }
            return rect
        }
        let origin = try? #require(fills.last?.origin)
        #expect(origin.map { ($0.x * 1.5).rounded() == $0.x * 1.5 && ($0.y * 1.5).rounded() == $0.y * 1.5 } == true, "\(fills)")
        #expect(origin.map { abs($0.x - 10.4) < 1 / 3 + 1e-9 && abs($0.y - 20.9) < 1 / 3 + 1e-9 } == true)
    }
}

/// Sharper image variants and hairlines on dense screens.
@MainActor @Suite("Images and hairlines at a scale")
struct ImageVariantScalingTests {
    @Test func aScreenDrawsTheFirstVariantAtOrAboveItsScale() {
        let image = Image(width: 2, height: 2, fill: .red)
        let twice = Image(width: 4, height: 4, fill: .red), thrice = Image(width: 6, height: 6, fill: .red)
        let both = image.withVariants([2: twice, 3: thrice])
        #expect(both.representation(forScale: 1) === both)
        #expect(both.representation(forScale: 1.5) === twice)
        #expect(both.representation(forScale: 2) === twice)
        #expect(both.representation(forScale: 2.5) === thrice)
        #expect(both.representation(forScale: 4) === thrice, "the densest there is")
        #expect(image.representation(forScale: 2) === image)
        let scaled = DisplayList(commands: [.image(both, rect: Rect(x: 1, y: 1, width: 2, height: 2))]).scaled(by: 2)
        guard case let .image(drawn, rect) = scaled.commands[0] else { Issue.record("image expected"); return }
        #expect(drawn === twice && rect == Rect(x: 2, y: 2, width: 4, height: 4), "4x4 pixels into 4x4 pixels: no filtering")
    }

    @Test func aHairlineIsOneDevicePixel() {
        for scale in [1.0, 1.5, 2, 3] {
            let traits = TraitCollection(containerSize: Size(width: 800, height: 600), displayScale: scale)
            let border = DisplayCommand.border(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0,
                                               width: traits.hairlineWidth, color: .black)
            guard case let .border(_, _, width, _, _) = border.scaled(by: scale) else { Issue.record("border expected"); return }
            #expect(abs(width - 1) < 1e-12)
        }
    }
}

@MainActor @Suite("A scale change")
struct ScaleChangeTests {
    /// Counts its layout passes.
    private final class CountingView: View {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    @Test("lays out every view of the window again, however deep, as text measured at the new scale may size it differently")
    func everyViewIsLaidOut() {
        let clock = ManualFrameClock(startTime: 0)
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let outer = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = CountingView(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        outer.addSubview(inner)
        window.addSubview(outer)
        clock.step()
        let before = inner.layouts
        clock.step()
        #expect(inner.layouts == before, "nothing asked for layout")
        window.displayScale = 2
        clock.step()
        #expect(inner.layouts == before + 1)
    }
}
