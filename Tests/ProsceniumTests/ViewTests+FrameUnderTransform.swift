import Testing
import Proscenium

/// `frame` under a transform works as Core Animation's: the getter is the bounding box of the transformed
/// bounds, and setting it sizes the bounds so that the transformed view covers the frame.
@MainActor @Suite("View frame under a transform")
struct ViewFrameUnderTransformTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func aScaledViewGetsBoundsThatScaleToTheFrame() {
        let view = View(frame: Rect(x: 0, y: 0, width: 1024, height: 768))
        view.transform = AffineTransform(scaleX: 0.85, y: 0.85)
        view.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
        #expect(near(view.bounds.width, 1024 / 0.85) && near(view.bounds.height, 768 / 0.85), "\(view.bounds)")
        #expect(near(view.bounds.width, 1204.705882352941, 1e-6))
        #expect(view.center == Point(x: 512, y: 384))
        let frame = view.frame
        #expect(near(frame.minX, 0, 1e-9) && near(frame.width, 1024, 1e-9) && near(frame.height, 768, 1e-9))
    }

    /// Reading the frame, moving it and setting it back (what the side-panel seed does) moves the view
    /// and leaves its size and scale alone.
    @Test func movingTheFrameOfAScaledViewKeepsItsSize() {
        let view = View(frame: Rect(x: 0, y: 0, width: 1024, height: 768))
        view.transform = AffineTransform(scaleX: 0.85, y: 0.85)
        var frame = view.frame
        #expect(near(frame.width, 870.4, 1e-9) && near(frame.minX, 76.8, 1e-9))
        frame.origin.x = 964
        view.frame = frame
        #expect(view.bounds.size == Size(width: 1024, height: 768), "a round trip keeps the bounds exactly")
        #expect(near(view.frame.minX, 964, 1e-9) && near(view.frame.width, 870.4, 1e-9))
        #expect(near(view.center.x, 964 + 435.2, 1e-9) && near(view.center.y, 384, 1e-9))
    }

    @Test func anUnevenScaleAndAMirrorDivideEachSide() {
        let view = View()
        view.transform = AffineTransform(scaleX: -2, y: 0.5)
        view.frame = Rect(x: 10, y: 20, width: 100, height: 40)
        #expect(view.bounds.size == Size(width: 50, height: 80))
        #expect(view.center == Point(x: 60, y: 40))
        #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 40))
    }

    /// The translation moves the frame off the centre: the centre takes it back out, so the frame lands
    /// where it was set.
    @Test func aTranslatedViewLandsWhereItsFrameIsSet() {
        let view = View()
        view.transform = AffineTransform(translationX: 30, y: -10)
        view.frame = Rect(x: 100, y: 100, width: 50, height: 20)
        #expect(view.bounds.size == Size(width: 50, height: 20))
        #expect(view.center == Point(x: 95, y: 120))
        #expect(view.frame == Rect(x: 100, y: 100, width: 50, height: 20))
    }

    /// UIKit leaves the frame of a rotated view undefined. Here a quarter turn swaps the sides, so the
    /// view still covers the frame; other angles get the box of the frame turned back.
    @Test func aQuarterTurnSwapsTheSides() {
        let view = View()
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        view.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        #expect(near(view.bounds.width, 40) && near(view.bounds.height, 100))
        #expect(view.center == Point(x: 50, y: 20))
        let frame = view.frame
        #expect(near(frame.width, 100) && near(frame.height, 40) && near(frame.minX, 0) && near(frame.minY, 0))
    }

    @Test func aTransformThatCannotBeUndoneKeepsTheBoundsSize() {
        let view = View(frame: Rect(x: 0, y: 0, width: 80, height: 60))
        view.transform = AffineTransform(scaleX: 0, y: 1)
        view.frame = Rect(x: 100, y: 100, width: 10, height: 10)
        #expect(view.bounds.size == Size(width: 80, height: 60))
        #expect(view.center == Point(x: 105, y: 105))
    }

    /// Setting the frame inside an animation block of a scaled view animates to bounds that cover the frame.
    @Test func anAnimatedFrameChangeOfAScaledViewEndsCoveringTheFrame() {
        let fixture = AnimationFixture()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        fixture.window.addSubview(view)
        view.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        fixture.clock.step()
        View.animate(withDuration: 0.3, animations: { view.frame = Rect(x: 0, y: 0, width: 100, height: 50) })
        fixture.runUntilIdle()
        #expect(view.presentation.bounds.size == Size(width: 200, height: 100))
        #expect(view.presentation.frame == Rect(x: 0, y: 0, width: 100, height: 50))
    }
}
