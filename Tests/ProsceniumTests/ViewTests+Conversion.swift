import Testing
import Proscenium

/// Converting points and rectangles between view coordinate spaces, through transforms.
@MainActor @Suite("View coordinate conversion")
struct ViewConversionTests {
    private func makeRoot() -> View {
        View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    }

    @Test func translationAddsTheFrameOrigins() {
        let root = makeRoot()
        let parent = View(frame: Rect(x: 10, y: 20, width: 200, height: 200))
        let child = View(frame: Rect(x: 30, y: 40, width: 50, height: 50))
        root.addSubview(parent)
        parent.addSubview(child)
        #expect(child.convert(Point(x: 1, y: 2), to: parent) == Point(x: 31, y: 42))
        #expect(child.convert(Point(x: 1, y: 2), to: root) == Point(x: 41, y: 62))
        #expect(parent.convert(Point(x: 31, y: 42), to: child) == Point(x: 1, y: 2))
    }

    @Test func boundsOriginIsSubtracted() {
        let root = makeRoot()
        let scroller = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(scroller)
        scroller.bounds.origin = Point(x: 0, y: 150)
        #expect(scroller.convert(Point(x: 5, y: 150), to: root) == Point(x: 5, y: 0))
    }

    @Test func scaleIsAboutTheCentre() {
        let root = makeRoot()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(view)
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.convert(Point(x: 50, y: 50), to: root) == Point(x: 50, y: 50))
        #expect(view.convert(Point(x: 0, y: 0), to: root) == Point(x: -50, y: -50))
        #expect(view.convert(Point(x: 100, y: 75), to: root) == Point(x: 150, y: 100))
        #expect(view.convert(Point(x: 150, y: 100), from: root) == Point(x: 100, y: 75))
    }

    @Test func rotationIsAboutTheCentreAndClockwise() {
        let root = makeRoot()
        let view = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))  // centre (100, 100)
        root.addSubview(view)
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        // The bottom-right corner, (50, 25) from the centre, turns a quarter clockwise to (-25, 50).
        #expect(isClose(view.convert(Point(x: 100, y: 50), to: root), Point(x: 75, y: 150)))
        // The top-left corner, (-50, -25) from the centre, turns to (25, -50).
        #expect(isClose(view.convert(Point(x: 0, y: 0), to: root), Point(x: 125, y: 50)))
    }

    @Test func nestedTransformsCompose() {
        let root = makeRoot()
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))  // centre (100, 100)
        parent.transform = AffineTransform(scaleX: 2, y: 2)
        let child = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))  // centre (125, 125) in parent
        child.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSubview(parent)
        parent.addSubview(child)
        // Child (0, 0) is (-25, -25) from its centre → rotated (25, -25) → parent (150, 100)
        // → (50, 0) from the parent's centre → scaled (100, 0) → root (200, 100).
        #expect(isClose(child.convert(Point(x: 0, y: 0), to: parent), Point(x: 150, y: 100)))
        #expect(isClose(child.convert(Point(x: 0, y: 0), to: root), Point(x: 200, y: 100)))
        #expect(isClose(child.convert(Point(x: 200, y: 100), from: root), Point(x: 0, y: 0)))
    }

    @Test func convertToAndFromAreInverses() {
        let root = makeRoot()
        let a = View(frame: Rect(x: 20, y: 30, width: 120, height: 80))
        a.transform = AffineTransform(rotationAngle: 0.3).scaledBy(x: 1.5, y: 0.75)
        let b = View(frame: Rect(x: 200, y: 150, width: 90, height: 60))
        b.transform = AffineTransform(scaleX: 0.5, y: 2).rotated(by: -1.1)
        let aChild = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        aChild.transform = AffineTransform(rotationAngle: 2)
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(aChild)
        for p in [Point(x: 0, y: 0), Point(x: 17, y: -4), Point(x: 250, y: 99.5)] {
            let inB = aChild.convert(p, to: b)
            #expect(isClose(aChild.convert(inB, from: b), p))
            #expect(isClose(b.convert(inB, to: aChild), p))
            #expect(isClose(b.convert(p, from: aChild), inB))
        }
    }

    @Test func conversionToNilIsWindowCoordinates() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        let parent = View(frame: Rect(x: 50, y: 60, width: 200, height: 200))
        parent.transform = AffineTransform(scaleX: 0.5, y: 0.5)  // occupies (100, 110)–(200, 210)
        let child = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
        parent.addSubview(child)
        window.addSubview(parent)
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 110, y: 120))
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == child.convert(Point(x: 0, y: 0), to: window))
        #expect(child.convert(Point(x: 110, y: 120), from: nil) == Point(x: 0, y: 0))
        #expect(child.convert(Rect(x: 0, y: 0, width: 40, height: 40), to: nil) == Rect(x: 110, y: 120, width: 20, height: 20))
        #expect(child.convert(Rect(x: 110, y: 120, width: 20, height: 20), from: nil) == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func rectConversionThroughScaleScalesTheRect() {
        let root = makeRoot()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.transform = AffineTransform(scaleX: 2, y: 2)
        root.addSubview(view)
        #expect(view.convert(Rect(x: 0, y: 0, width: 100, height: 100), to: root) == Rect(x: -50, y: -50, width: 200, height: 200))
        #expect(view.convert(Rect(x: -50, y: -50, width: 200, height: 200), from: root) == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func rectConversionThroughRotationIsTheBoundingBox() {
        let root = makeRoot()
        let view = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))  // centre (100, 100)
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSubview(view)
        let converted = view.convert(Rect(x: 0, y: 0, width: 100, height: 50), to: root)
        #expect(isClose(converted, Rect(x: 75, y: 50, width: 50, height: 100)))
        // A rectangle in one corner: the bounding box of its turned corners.
        let corner = view.convert(Rect(x: 0, y: 0, width: 20, height: 10), to: root)
        #expect(isClose(corner, Rect(x: 115, y: 50, width: 10, height: 20)))
    }

    @Test func rectConversionBetweenSiblings() {
        let root = makeRoot()
        let a = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let b = View(frame: Rect(x: 100, y: 40, width: 50, height: 50))
        root.addSubview(a)
        root.addSubview(b)
        #expect(a.convert(Rect(x: 0, y: 0, width: 5, height: 5), to: b) == Rect(x: -90, y: -30, width: 5, height: 5))
        #expect(b.convert(Rect(x: 0, y: 0, width: 5, height: 5), from: a) == Rect(x: -90, y: -30, width: 5, height: 5))
    }

    // MARK: - Frame

    @Test func frameOfARotatedViewIsItsBoundingBox() {
        let view = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))  // centre (100, 100)
        view.transform = AffineTransform(rotationAngle: .pi / 4)
        let half = 150 / 2.0.squareRoot() / 2  // (100 + 50)·cos 45° is the side of the box
        #expect(isClose(view.frame, Rect(x: 100 - half, y: 100 - half, width: 2 * half, height: 2 * half)))
        // Bounds and centre are untouched by the transform.
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == Point(x: 100, y: 100))
    }

    @Test func frameOfAScaledViewGrowsAboutTheCentre() {
        let view = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))
        view.transform = AffineTransform(scaleX: 2, y: 3)
        #expect(view.frame == Rect(x: 0, y: 25, width: 200, height: 150))
    }

    @Test func frameOfATranslatedViewMoves() {
        let view = View(frame: Rect(x: 50, y: 75, width: 100, height: 50))
        view.transform = AffineTransform(translationX: 7, y: -5)
        #expect(view.frame == Rect(x: 57, y: 70, width: 100, height: 50))
    }
}
