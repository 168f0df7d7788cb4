import Testing
import Proscenium

/// A label without a background damages only where its text is: a short centred title moving across a
/// wide label redraws the text's way, while a label with a background still redraws all of its bounds.
@MainActor @Suite("Label damage")
struct LabelDamageTests {
    /// A 400-wide label, 40 high at y 20, centred "Hi", after its first frame.
    private func makeScene(background: Color?) -> (ProbeScene, Label) {
        let scene = ProbeScene(width: 600, height: 200)
        let label = Label(frame: Rect(x: 100, y: 20, width: 400, height: 40))
        label.text = "Hi"
        label.textAlignment = .center
        label.backgroundColor = background
        scene.window.addSubview(label)
        scene.step()
        return (scene, label)
    }

    @Test("sliding a centred title damages its text's box before and after, not the label's width")
    func slidingTitleDamagesItsText() throws {
        let (scene, label) = makeScene(background: nil)
        let text = try #require(label.drawnContentRect)
        #expect(text.width < 60 && text.width > 4, "the text's box: \(text)")
        #expect(text.minY == 0 && text.height == 40, "the label's whole height")
        label.transform = AffineTransform(translationX: 30, y: 0)
        scene.step()
        let damage = scene.window.lastDamage.bounds
        let expected = text.offsetBy(dx: 100, dy: 20).union(text.offsetBy(dx: 130, dy: 20))
        #expect(damage.minX >= expected.minX.rounded(.down) && damage.maxX <= expected.maxX.rounded(.up),
                "damage \(damage) within the text's two boxes \(expected)")
        #expect(damage.width < 120)
    }

    @Test("a fading title damages only its text; a label with a background, its bounds")
    func backgroundDamagesTheBounds() {
        let (plainScene, plain) = makeScene(background: nil)
        plain.alpha = 0.5
        plainScene.step()
        #expect(plainScene.window.lastDamage.bounds.width < 60)

        let (scene, filled) = makeScene(background: .white)
        filled.alpha = 0.5
        scene.step()
        #expect(scene.window.lastDamage.bounds == Rect(x: 100, y: 20, width: 400, height: 40))
    }

    @Test("a new text damages the old text's box and the new one's")
    func newTextDamagesBothBoxes() {
        let (scene, label) = makeScene(background: nil)
        label.text = "A much longer title than before"
        scene.step()
        let wide = label.drawnContentRect!.offsetBy(dx: 100, dy: 20)
        #expect(scene.window.lastDamage.bounds.minX <= wide.minX.rounded(.up))
        #expect(scene.window.lastDamage.bounds.maxX >= wide.maxX.rounded(.down))
        label.text = ""
        scene.step()
        #expect(scene.window.lastDamage.bounds.width >= wide.width.rounded(.down), "the long text's box is redrawn as it goes")
    }

    @Test("a label fitted tightly to its text damages room above and below it, where tall accents and emoji reach, as the renderer draws them")
    func aTightLabelDamagesAboveAndBelow() throws {
        let scene = ProbeScene(width: 600, height: 200)
        let label = Label(frame: Rect(x: 100, y: 50, width: 10, height: 10))
        label.text = "Ấ"
        // Sized in the window, with its measurer: `TextLayout.measurer` may be an X11 suite's display.
        scene.window.addSubview(label)
        label.sizeToFit()
        scene.step()
        let drawn = try #require(label.drawnContentRect)
        let overhang = (label.font.size * 0.3).rounded(.up)
        #expect(drawn.minY <= -overhang && drawn.maxY >= label.bounds.height + overhang, "\(drawn) in \(label.bounds)")
        label.frame.origin.y += 40
        scene.step()
        let damage = scene.window.lastDamage.bounds
        #expect(damage.minY <= 50 - overhang, "the old place's ink above the label is redrawn: \(damage)")
    }
}
