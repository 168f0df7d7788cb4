import Testing
import Proscenium

/// The window remembers who got each key that is down only weakly: a controller dismissed while one of
/// its views holds a key down is freed, and the key's late release goes nowhere.
@MainActor @Suite("Key pairing and lifetimes")
struct KeyPairingTests {
    final class KeyView: View {
        var ups = 0
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: Event?) {}
        override func pressesEnded(_ presses: Set<Press>, with event: Event?) { ups += presses.count }
    }

    @Test("a responder that got a key-down is not retained after its presentation is dismissed")
    func dismissedResponderIsFreed() {
        let fixture = PresentationFixture()
        weak var weakController: ViewController?
        weak var weakView: KeyView?
        do {
            let controller = ViewController()
            let view = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(view)
            fixture.root.present(controller, animated: false)
            fixture.runUntilIdle()
            #expect(view.becomeFirstResponder())
            fixture.window.send(.keyDown(.character("a"), time: 11))
            controller.dismiss(animated: false)
            fixture.runUntilIdle()
            weakController = controller
            weakView = view
        }
        #expect(weakController == nil, "the window kept the dismissed controller alive")
        #expect(weakView == nil, "the window kept the view that got the key-down alive")
        fixture.window.send(.keyUp(.character("a"), time: 12))
    }

    @Test("the key-up goes to the responder that got the key-down while it lives")
    func keyUpReachesLivingResponder() {
        let fixture = PresentationFixture()
        let view = KeyView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        fixture.root.view.addSubview(view)
        #expect(view.becomeFirstResponder())
        fixture.window.send(.keyDown(.character("A"), modifiers: [.shift], time: 11))
        fixture.window.send(.keyUp(.character("A"), time: 11.1))
        #expect(view.ups == 1)
    }
}
