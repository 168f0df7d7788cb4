import Testing
import Proscenium

/// Hit-testing rules, one at a time, on plain view trees (no window needed).
@MainActor @Suite("View hit-testing")
struct ViewHitTestingTests {
    /// A 200×200 root with one 100×100 child at (50, 50).
    private func makeTree() -> (root: View, child: View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.identifier = "root"
        let child = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        child.identifier = "child"
        root.addSubview(child)
        return (root, child)
    }

    @Test func visibleChildIsHitAtAPointInsideIt() {
        let (root, child) = makeTree()
        #expect(root.hitTest(Point(x: 100, y: 100), with: nil) === child)
    }

    @Test func hiddenViewIsNotHit() {
        let (root, child) = makeTree()
        child.isHidden = true
        #expect(child.hitTest(Point(x: 10, y: 10), with: nil) == nil)
        #expect(root.hitTest(Point(x: 100, y: 100), with: nil) === root)
    }

    @Test func alphaBelowOneHundredthIsNotHit() {
        let (root, child) = makeTree()
        child.alpha = 0.009
        #expect(child.hitTest(Point(x: 10, y: 10), with: nil) == nil)
        #expect(root.hitTest(Point(x: 100, y: 100), with: nil) === root)
    }

    @Test func alphaOfOneHundredthIsHit() {
        let (root, child) = makeTree()
        child.alpha = 0.01
        #expect(root.hitTest(Point(x: 100, y: 100), with: nil) === child)
    }

    @Test func disabledInteractionSkipsTheViewAndItsSubviews() {
        let (root, child) = makeTree()
        let grandchild = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        child.addSubview(grandchild)
        child.isUserInteractionEnabled = false
        #expect(child.hitTest(Point(x: 20, y: 20), with: nil) == nil)
        // The grandchild itself is still interactive, but its superview hides it from hit-testing.
        #expect(grandchild.isUserInteractionEnabled)
        #expect(root.hitTest(Point(x: 70, y: 70), with: nil) === root)
    }

    @Test func pointOutsideTheBoundsIsNotHit() {
        let (_, child) = makeTree()
        #expect(child.hitTest(Point(x: -1, y: 10), with: nil) == nil)
        #expect(child.hitTest(Point(x: 10, y: 100), with: nil) == nil, "the maximum edge is exclusive")
        #expect(child.hitTest(Point(x: 99.5, y: 0), with: nil) === child)
    }

    @Test(arguments: [false, true])
    func subviewIsNotHitOutsideItsSuperview(clipsToBounds: Bool) {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.clipsToBounds = clipsToBounds
        let overhanging = View(frame: Rect(x: 80, y: 80, width: 60, height: 60))
        root.addSubview(parent)
        parent.addSubview(overhanging)
        // Inside both: the overhanging view is hit.
        #expect(root.hitTest(Point(x: 90, y: 90), with: nil) === overhanging)
        // Inside the overhanging view's frame but outside its superview: the touch falls to the root.
        #expect(root.hitTest(Point(x: 120, y: 120), with: nil) === root)
    }

    @Test func laterOverlappingSiblingWins() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let back = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        let front = View(frame: Rect(x: 60, y: 60, width: 120, height: 120))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(Point(x: 90, y: 90), with: nil) === front)
        #expect(root.hitTest(Point(x: 30, y: 30), with: nil) === back)
        root.bringSubviewToFront(back)
        #expect(root.hitTest(Point(x: 90, y: 90), with: nil) === back)
    }

    @Test func deepestViewIsReturned() {
        let (root, child) = makeTree()
        let grandchild = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
        child.addSubview(grandchild)
        #expect(root.hitTest(Point(x: 70, y: 70), with: nil) === grandchild)
        #expect(root.hitTest(Point(x: 140, y: 140), with: nil) === child)
    }

    // MARK: - Transforms

    @Test func scaledUpSubviewIsHitWhereItAppears() {
        let (root, child) = makeTree()
        child.transform = AffineTransform(scaleX: 1.5, y: 1.5)  // appears at (25, 25)–(175, 175)
        #expect(root.hitTest(Point(x: 30, y: 30), with: nil) === child)
        #expect(root.hitTest(Point(x: 170, y: 170), with: nil) === child)
        #expect(root.hitTest(Point(x: 20, y: 20), with: nil) === root)
    }

    @Test func scaledDownSubviewIsNotHitWhereItsUntransformedFrameWouldBe() {
        let (root, child) = makeTree()
        child.transform = AffineTransform(scaleX: 0.5, y: 0.5)  // appears at (75, 75)–(125, 125)
        #expect(root.hitTest(Point(x: 60, y: 60), with: nil) === root)
        #expect(root.hitTest(Point(x: 140, y: 140), with: nil) === root)
        #expect(root.hitTest(Point(x: 80, y: 80), with: nil) === child)
    }

    @Test func rotatedSubviewIsHitWhereItAppears() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        // A vertical bar around (100, 100); turned a quarter it lies horizontally: (40, 90)–(160, 110).
        let bar = View(frame: Rect(x: 90, y: 40, width: 20, height: 120))
        root.addSubview(bar)
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        #expect(root.hitTest(Point(x: 50, y: 100), with: nil) === bar)
        #expect(root.hitTest(Point(x: 150, y: 105), with: nil) === bar)
        // Inside the untransformed bar, outside the rotated one.
        #expect(root.hitTest(Point(x: 100, y: 50), with: nil) === root)
        #expect(root.hitTest(Point(x: 100, y: 150), with: nil) === root)
    }

    @Test func rotatedSubviewReceivesThePointInItsOwnCoordinates() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let bar = View(frame: Rect(x: 90, y: 40, width: 20, height: 120))
        let topEnd = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))  // the bar's top end, before rotation
        bar.addSubview(topEnd)
        root.addSubview(bar)
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        // Turning clockwise by a quarter (y down) carries the top end to the right: (140, 90)–(160, 110).
        #expect(root.hitTest(Point(x: 150, y: 100), with: nil) === topEnd)
        #expect(root.hitTest(Point(x: 50, y: 100), with: nil) === bar)
    }

    @Test func boundsOriginShiftsSubviews() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let scroller = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let row = View(frame: Rect(x: 0, y: 100, width: 200, height: 50))
        scroller.addSubview(row)
        root.addSubview(scroller)
        #expect(root.hitTest(Point(x: 10, y: 110), with: nil) === row)
        scroller.bounds.origin = Point(x: 0, y: 100)  // scrolled down by 100: the row is now at the top
        #expect(root.hitTest(Point(x: 10, y: 10), with: nil) === row)
        #expect(root.hitTest(Point(x: 10, y: 110), with: nil) === scroller)
    }
}
