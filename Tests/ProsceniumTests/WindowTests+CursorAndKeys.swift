import Testing
import Proscenium

/// The pointer shape follows the view under the pointer.
@MainActor @Suite("Window cursor")
struct WindowCursorTests {
    private func makeScene() -> (scene: ProbeScene, button: Button) {
        let scene = ProbeScene()
        let button = Button(title: "OK", frame: Rect(x: 50, y: 50, width: 100, height: 44))
        scene.window.addSubview(button)
        scene.step()
        return (scene, button)
    }

    @Test func hoveringAnEnabledButtonShowsThePointingHandAndLeavingRestoresTheArrow() {
        let (scene, _) = makeScene()
        scene.window.send(.pointerMoved(Point(x: 10, y: 10), time: 0))
        #expect(scene.surface.cursors.isEmpty, "already the arrow")
        scene.window.send(.pointerMoved(Point(x: 100, y: 70), time: 0.1))
        #expect(scene.surface.cursors == [.pointingHand])
        scene.window.send(.pointerMoved(Point(x: 110, y: 75), time: 0.2))
        #expect(scene.surface.cursors == [.pointingHand], "no repeat while it stays the same")
        scene.window.send(.pointerMoved(Point(x: 300, y: 200), time: 0.3))
        #expect(scene.surface.cursors == [.pointingHand, .arrow])
    }

    @Test func disabledButtonKeepsTheArrow() {
        let (scene, button) = makeScene()
        button.isEnabled = false
        scene.window.send(.pointerMoved(Point(x: 100, y: 70), time: 0))
        #expect(scene.surface.cursors.isEmpty)
    }

    @Test func subviewInheritsItsSuperviewsCursor() {
        let scene = ProbeScene()
        let field = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        field.cursor = .text
        let inner = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        field.addSubview(inner)
        scene.window.addSubview(field)
        scene.window.send(.pointerMoved(Point(x: 15, y: 15), time: 0))
        #expect(scene.surface.cursors == [.text])
    }

    @Test("the pointer leaving the window during a drag keeps the cursor the drag began with; the release restores the arrow")
    func leavingMidDragKeepsTheCursor() {
        let scene = ProbeScene()
        let field = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        field.cursor = .text
        scene.window.addSubview(field)
        scene.window.send(.pointerMoved(Point(x: 15, y: 15), time: 0))
        scene.window.send(.pointerDown(Point(x: 15, y: 15), button: 1, time: 0))
        scene.window.send(.pointerMoved(Point(x: -20, y: 15), time: 0.1))
        scene.window.send(.pointerExited)
        #expect(scene.surface.cursors == [.text])
        scene.window.send(.pointerUp(Point(x: -20, y: 15), button: 1, time: 0.2))
        #expect(scene.surface.cursors == [.text, .arrow])
    }

    @Test func pointerLeavingTheWindowRestoresTheArrow() {
        let (scene, _) = makeScene()
        scene.window.send(.pointerMoved(Point(x: 100, y: 70), time: 0))
        scene.window.send(.pointerExited)
        #expect(scene.surface.cursors == [.pointingHand, .arrow])
    }
}

/// Key presses go to the first responder and up the responder chain to the root view controller.
@MainActor @Suite("Window key delivery")
struct WindowKeyTests {
    @Test func keyReachesTheFirstResponder() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let field = KeyProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        controller.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        scene.window.send(.keyDown(.escape, time: 0))
        #expect(field.keys == [.escape])
        #expect(controller.keys.isEmpty, "handled by the first responder")
    }

    @Test func keyWithoutAFirstResponderGoesToTheRootViewController() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let field = KeyProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        controller.view.addSubview(field)
        scene.window.send(.keyDown(.escape, time: 0))
        #expect(field.keys.isEmpty)
        #expect(controller.keys == [.escape])
    }

    @Test func keyTheFirstResponderDoesNotHandleTravelsTheChainToTheRootViewController() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let field = KeyProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        field.handlesKeys = false
        container.addSubview(field)
        controller.view.addSubview(container)
        field.becomeFirstResponder()
        scene.window.send(.keyDown(.escape, time: 0))
        #expect(field.keys == [.escape])
        #expect(controller.keys == [.escape])
    }

    @Test func viewThatCannotBecomeFirstResponderIsRefused() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let plain = View(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        controller.view.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
        scene.window.send(.keyDown(.escape, time: 0))
        #expect(controller.keys == [.escape])
    }

    @Test func viewOutsideAWindowCannotBecomeFirstResponder() {
        let field = KeyProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        #expect(!field.becomeFirstResponder())
    }

    @Test func removingTheFirstResponderSendsKeysToTheControllerAgain() {
        let scene = ProbeScene()
        let controller = ProbeViewController()
        scene.window.rootViewController = controller
        let field = KeyProbeView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        controller.view.addSubview(field)
        field.becomeFirstResponder()
        field.removeFromSuperview()
        #expect(scene.window.firstResponder == nil)
        scene.window.send(.keyDown(.escape, time: 0))
        #expect(field.keys.isEmpty)
        #expect(controller.keys == [.escape])
    }
}
