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
}
