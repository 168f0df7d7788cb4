import Testing
import Proscenium

/// Damage: each frame redraws exactly the area that changed, and a frame with no change draws nothing.
@MainActor @Suite("Window damage")
struct WindowDamageTests {
    /// A 400×300 window with one 50×40 view at (10, 10), after its first frame.
    private func makeScene() -> (scene: ProbeScene, view: View) {
        let scene = ProbeScene()
        let view = View(frame: Rect(x: 10, y: 10, width: 50, height: 40))
        view.backgroundColor = .red
        scene.window.addSubview(view)
        scene.step()
        return (scene, view)
    }

    private func rects(_ region: Region) -> Set<Rect> { Set(region.rects) }

    @Test func firstFrameDamagesTheWholeWindow() {
        let (scene, _) = makeScene()
        #expect(scene.surface.presentCount == 1)
        #expect(scene.window.lastDamage.rects == [Rect(x: 0, y: 0, width: 400, height: 300)])
        #expect(scene.surface.lastDamage == scene.window.lastDamage)
        #expect(scene.surface.lastSize == Size(width: 400, height: 300))
    }

    @Test func movingDamagesTheOldAndNewRectsOnly() {
        let (scene, view) = makeScene()
        view.center = Point(x: 235, y: 120)
        scene.step()
        #expect(scene.surface.presentCount == 2)
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 50, height: 40),
                                                   Rect(x: 210, y: 100, width: 50, height: 40)])
        #expect(scene.surface.lastDamage == scene.window.lastDamage)
    }

    @Test func movingAViewDamagesItsSubviewsToo() {
        let (scene, view) = makeScene()
        let overhang = View(frame: Rect(x: 40, y: 30, width: 30, height: 30))  // pokes out of its superview
        overhang.backgroundColor = .green
        view.addSubview(overhang)
        scene.step()

        view.center.x += 200
        scene.step()
        // Old: view (10, 10, 50, 40) ∪ overhang (50, 40, 30, 30); new: the same moved 200 to the right.
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 70, height: 60),
                                                   Rect(x: 210, y: 10, width: 70, height: 60)])
    }

    @Test func resizingDamagesTheOldAndNewRects() {
        let (scene, view) = makeScene()
        view.frame = Rect(x: 10, y: 10, width: 80, height: 60)
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 80, height: 60)])

        view.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 80, height: 60)],
                "shrinking damages the area the view no longer covers")
    }

    @Test func alphaChangeDamagesTheViewsArea() {
        let (scene, view) = makeScene()
        view.alpha = 0.5
        scene.step()
        #expect(scene.surface.presentCount == 2)
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 50, height: 40)])
    }

    @Test func backgroundColorChangeDamagesOnlyThatView() {
        let (scene, view) = makeScene()
        let other = View(frame: Rect(x: 200, y: 200, width: 30, height: 30))
        scene.window.addSubview(other)
        scene.step()
        view.backgroundColor = .blue
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 50, height: 40)])
    }

    @Test func removalDamagesTheOldRect() {
        let (scene, view) = makeScene()
        let child = View(frame: Rect(x: 45, y: 0, width: 20, height: 20))  // reaches x 75, past the parent
        view.addSubview(child)
        scene.step()

        view.removeFromSuperview()
        scene.step()
        #expect(scene.surface.presentCount == 3)
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 65, height: 40)])
    }

    @Test func frameWithNothingChangedDrawsNothing() {
        let (scene, _) = makeScene()
        let frames = scene.window.frameCount
        scene.forceFrame()
        scene.forceFrame()
        #expect(scene.window.frameCount == frames + 2, "the frames ran")
        #expect(scene.surface.presentCount == 1, "but presented nothing")
        #expect(scene.surface.completedFrames == frames + 2)
        #expect(scene.window.lastDamage.rects == [Rect(x: 0, y: 0, width: 400, height: 300)],
                "lastDamage still describes the last drawn frame")
    }

    @Test func settingAPropertyToItsCurrentValueDrawsNothing() {
        let (scene, view) = makeScene()
        view.frame = Rect(x: 10, y: 10, width: 50, height: 40)
        view.backgroundColor = .red
        view.alpha = 1
        view.isHidden = false
        scene.forceFrame()
        #expect(scene.surface.presentCount == 1)
    }

    @Test func movingALabelWhoseTextOverflowsDamagesAllOfItsText() {
        let scene = ProbeScene()
        // Five lines in a label one line high, two words wider than it: the text, centred on it, reaches
        // above, below and to the right of it.
        let label = Label(text: "one\ntwo\nthree words\nfour", frame: Rect(x: 20, y: 100, width: 40, height: 20))
        label.numberOfLines = 0
        // Clipped, not truncated (a label's default) or broken: the words stick out.
        label.lineBreakMode = .byClipping
        scene.window.addSubview(label)
        scene.step()
        let layout = label.layout(forWidth: 40)
        #expect(layout.size.height > 20 && layout.lines.contains { $0.width > 40 }, "the text overflows: \(layout)")
        let drawn = scene.surface.lastList?.commands.compactMap { command -> Rect? in
            guard case let .text(layout, origin, _) = command else { return nil }
            return layout.lines.reduce(Rect(origin: origin, size: layout.size)) { box, line in
                box.union(Rect(x: origin.x + line.x, y: origin.y, width: line.width, height: layout.size.height))
            }
        }.first
        let old = try! #require(drawn)

        label.center.x += 200
        scene.step()
        for rect in [old, old.offsetBy(dx: 200, dy: 0)] {
            #expect(scene.window.lastDamage.rects.contains { $0.contains(rect) },
                    "\(rect) is damaged: \(scene.window.lastDamage)")
        }
    }

    @Test func shadowExtendsTheDamage() {
        let (scene, view) = makeScene()
        view.shadowOpacity = 0.5  // radius 3, offset (0, -3): blur reaches 6 beyond the offset shape
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 4, y: 1, width: 62, height: 52)])
    }

    @Test func movingAShadowedViewDamagesBothShadows() {
        let (scene, view) = makeScene()
        view.shadowOpacity = 0.5
        scene.step()
        view.center.x += 100
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 4, y: 1, width: 62, height: 52),
                                                   Rect(x: 104, y: 1, width: 62, height: 52)])
    }

    @Test func hidingDamagesTheViewsArea() {
        let (scene, view) = makeScene()
        view.isHidden = true
        scene.step()
        #expect(scene.surface.presentCount == 2)
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 50, height: 40)])
        #expect(scene.surface.lastList?.commands.contains(.fill(rect: Rect(x: 10, y: 10, width: 50, height: 40),
                                                                cornerRadius: 0, color: .red)) == false)
    }

    @Test func showingAgainDamagesTheViewsArea() {
        let (scene, view) = makeScene()
        view.isHidden = true
        scene.step()
        view.isHidden = false
        scene.step()
        #expect(scene.surface.presentCount == 3)
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 50, height: 40)])
    }

    @Test func damageIsClippedToTheWindow() {
        let (scene, view) = makeScene()
        view.frame = Rect(x: 380, y: 280, width: 50, height: 40)
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 10, y: 10, width: 50, height: 40),
                                                   Rect(x: 380, y: 280, width: 20, height: 20)])
    }

    @Test func damageOfAClippedSubviewStopsAtTheClip() {
        let (scene, view) = makeScene()
        view.clipsToBounds = true
        let child = View(frame: Rect(x: 40, y: 0, width: 40, height: 20))  // half outside the parent
        view.addSubview(child)
        scene.step()

        child.backgroundColor = .blue
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 50, y: 10, width: 10, height: 20)])
    }

    @Test func damageOfAScaledViewIsItsOnScreenArea() {
        let (scene, view) = makeScene()
        view.transform = AffineTransform(scaleX: 2, y: 2)  // (10, 10, 50, 40) → (-15, -10, 100, 80), clipped
        scene.step()
        #expect(rects(scene.window.lastDamage) == [Rect(x: 0, y: 0, width: 85, height: 70)])
    }
}
