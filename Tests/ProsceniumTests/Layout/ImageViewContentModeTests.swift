import Proscenium
import Testing

/// Where an image view draws a 100 × 50 image in its 200 × 200 bounds for each content mode, worked out by
/// hand; what reaches past the bounds is drawn, or clipped with `clipsToBounds`.
@MainActor @Suite("Image view content modes")
struct ImageViewContentModeTests {
    @Test("scaleToFill, scaleAspectFit, scaleAspectFill, center and topLeft")
    func rects() {
        let view = ImageView(image: Image(width: 100, height: 50, fill: .red), frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let expected: [(ImageView.ContentMode, Rect)] = [
            (.scaleToFill, Rect(x: 0, y: 0, width: 200, height: 200)),
            // × 2 (the width's scale, the smaller): 200 × 100, centred.
            (.scaleAspectFit, Rect(x: 0, y: 50, width: 200, height: 100)),
            // × 4 (the height's, the larger): 400 × 200, centred, 100 past each side.
            (.scaleAspectFill, Rect(x: -100, y: 0, width: 400, height: 200)),
            (.center, Rect(x: 50, y: 75, width: 100, height: 50)),
            (.topLeft, Rect(x: 0, y: 0, width: 100, height: 50)),
        ]
        for (mode, rect) in expected {
            view.contentMode = mode
            #expect(view.imageRect == rect, "\(mode)")
        }
        view.contentMode = .scaleAspectFill
        #expect(view.drawingOverflow == Rect(x: -100, y: 0, width: 400, height: 200))
        view.clipsToBounds = true
        #expect(view.drawingOverflow == nil)
        #expect(ImageView(image: nil).imageRect == nil)
    }

    @Test("a filled image is drawn cut to the bounds when the view clips")
    func clipping() {
        let window = Window(size: Size(width: 300, height: 300), clock: ManualFrameClock())
        let view = ImageView(image: Image(width: 100, height: 50, fill: .red), frame: Rect(x: 50, y: 50, width: 200, height: 200))
        view.contentMode = .scaleAspectFill
        window.addSubview(view)
        let unclipped = window.currentDisplayList().commands
        #expect(unclipped.contains(.image(view.image!, rect: Rect(x: -50, y: 50, width: 400, height: 200))))
        #expect(!unclipped.contains(.pushClip(rect: Rect(x: 50, y: 50, width: 200, height: 200), cornerRadius: 0)))
        view.clipsToBounds = true
        let clipped = window.currentDisplayList().commands
        let push = clipped.firstIndex(of: .pushClip(rect: Rect(x: 50, y: 50, width: 200, height: 200), cornerRadius: 0))
        let image = clipped.firstIndex(of: .image(view.image!, rect: Rect(x: -50, y: 50, width: 400, height: 200)))
        #expect(push != nil && image != nil && push! < image!)
    }

    @Test("a rounded view that clips rounds its image's corners, only the masked ones, as an avatar's")
    func roundedCorners() {
        let window = Window(size: Size(width: 300, height: 300), clock: ManualFrameClock())
        let view = ImageView(image: Image(width: 100, height: 100, fill: .red), frame: Rect(x: 50, y: 50, width: 100, height: 100))
        view.cornerRadius = 20
        view.clipsToBounds = true
        window.addSubview(view)
        let bounds = Rect(x: 50, y: 50, width: 100, height: 100)
        var commands = window.currentDisplayList().commands
        var push = commands.firstIndex(of: .pushClip(rect: bounds, cornerRadius: 20))
        var image = commands.firstIndex(of: .image(view.image!, rect: bounds))
        #expect(push != nil && image != nil && push! < image!, "the image inside a rounded clip: \(commands)")
        view.maskedCorners = [.topLeft, .topRight]
        commands = window.currentDisplayList().commands
        push = commands.firstIndex(of: .pushClip(rect: bounds, cornerRadius: 20, corners: [.topLeft, .topRight]))
        image = commands.firstIndex(of: .image(view.image!, rect: bounds))
        #expect(push != nil && image != nil && push! < image!, "only the top corners rounded: \(commands)")
    }

    @Test("an animated resize draws the image at the size the view has on screen, not at its final size")
    func animatedResize() throws {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 400, height: 400), clock: clock)
        let view = ImageView(image: Image(width: 10, height: 10, fill: .red), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        clock.step()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.frame = Rect(x: 0, y: 0, width: 200, height: 200) })
        clock.run(for: 0.5)
        let drawn = window.currentDisplayList().commands.compactMap { command -> Rect? in
            if case let .image(_, rect) = command { rect } else { nil }
        }
        let rect = try #require(drawn.first)
        #expect(abs(rect.width - 150) < 4, "halfway through: \(rect)")
    }

    @Test("an image at its own size lands on whole device pixels, at 1x and 2x, not blurred across two")
    func centredOnWholePixels() {
        for scale in [1.0, 2.0] {
            let window = Window(size: Size(width: 300, height: 300), clock: ManualFrameClock())
            window.displayScale = scale
            let view = ImageView(image: Image(width: 20, height: 20, fill: .red), frame: Rect(x: 0, y: 0, width: 45, height: 45.25))
            view.contentMode = .center
            window.addSubview(view)
            let drawn = window.currentDisplayList().commands.compactMap { command -> Rect? in
                if case let .image(_, rect) = command { rect } else { nil }
            }
            for rect in drawn {
                #expect((rect.minX * scale).rounded() == rect.minX * scale && (rect.minY * scale).rounded() == rect.minY * scale,
                        "at \(scale)x: \(rect)")
            }
            #expect(drawn.count == 1)
        }
    }
}
