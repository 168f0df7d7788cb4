import Testing
@testable import Proscenium

/// A rasterizing view's subtree (the presenting view under a transition) is not walked again while nothing
/// in it changes: the frame builder reuses the commands it made. Every frame's list must still be the one a
/// fresh walk makes, whatever changed in the subtree, above it or around it.
@MainActor @Suite("Kept commands of a rasterizing subtree")
struct KeptCommandsTests {
    /// A view that counts its `draw(in:)` calls: one per walk of its subtree.
    @MainActor final class CountingView: View {
        var draws = 0
        override func draw(in context: inout DrawingContext) { draws += 1 }
    }

    /// A 400×300 window whose root controller's view holds a rasterizing home with a nested tree (a panel
    /// with a label, a button and a counting view) and, beside it, a view that is not in the home.
    @MainActor final class Fixture {
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window: Window
        let root = ViewController()
        let home = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let panel = View(frame: Rect(x: 20, y: 20, width: 200, height: 160))
        let label = Label(text: "Kept", frame: Rect(x: 10, y: 10, width: 120, height: 24))
        let button = Button(title: "Go", frame: Rect(x: 10, y: 60, width: 100, height: 40))
        let counter = CountingView(frame: Rect(x: 10, y: 110, width: 40, height: 40))
        let outside = View(frame: Rect(x: 300, y: 200, width: 60, height: 60))

        init() {
            window = Window(size: Size(width: 400, height: 300), clock: clock)
            window.rootViewController = root
            root.view.backgroundColor = .white
            home.backgroundColor = Color(hex: 0xF2F2F7)
            home.shouldRasterize = true
            panel.backgroundColor = .white
            panel.cornerRadius = 12
            counter.backgroundColor = .red
            outside.backgroundColor = .blue
            panel.addSubview(label)
            panel.addSubview(button)
            panel.addSubview(counter)
            home.addSubview(panel)
            root.view.addSubview(home)
            root.view.addSubview(outside)
            window.surface = surface
            clock.step()
        }

        let surface = ProbeSurface()

        /// Runs a frame (asked for or not) and checks that it presented what a walk without kept commands
        /// makes of the window as it is.
        func frameMatchesAFreshWalk(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            window.setNeedsFrame()
            clock.step()
            // A frame with nothing damaged presents nothing: the last list presented is still on screen.
            let presented = surface.lastList
            for view in window.allViews() { view.keptCommands = nil }
            let fresh = window.currentDisplayList()
            #expect(presented == fresh, "\(what): the frame's list is not a fresh walk's", sourceLocation: sourceLocation)
        }
    }

    @Test("while nothing in the home changes, frames reuse its commands: its views are not drawn again")
    func anUnchangedSubtreeIsNotWalked() {
        let fx = Fixture()
        #expect(fx.home.keptCommands != nil, "a rasterizing view keeps its subtree's commands")
        let draws = fx.counter.draws
        for frame in 0..<5 {
            fx.outside.center.x += 3  // something outside the home moves every frame
            fx.frameMatchesAFreshWalk("frame \(frame)")
        }
        #expect(fx.counter.draws == draws + 5, "only the fresh walks of the check drew it, not the frames")
        fx.home.shouldRasterize = false  // changes no pixel, so it waits for a frame that draws
        fx.outside.center.x += 3
        fx.frameMatchesAFreshWalk("no longer rasterizing")
        #expect(fx.home.keptCommands == nil, "a view that stops rasterizing lets its commands go")
    }

    @Test("the home's group keeps its identity while its commands are kept, and gets a new one when walked again")
    func identitiesFollowTheKeptCommands() {
        let fx = Fixture()
        func homeIdentity() -> UInt64? {
            guard let list = fx.surface.lastList,
                  let push = list.commands.firstIndex(where: { if case .pushRasterized = $0 { true } else { false } })
            else { return nil }
            return list.identityOfRasterizedGroup(at: push)
        }
        func frame() {
            fx.outside.center.x += 3  // so that the frame presents
            fx.window.setNeedsFrame()
            fx.clock.step()
        }
        frame()
        let kept = homeIdentity()
        #expect(kept != nil, "the list names the home's group")
        frame()
        frame()
        #expect(homeIdentity() == kept, "kept commands keep their identity")
        fx.label.text = "Changed"
        frame()
        let walked = homeIdentity()
        #expect(walked != nil && walked != kept, "commands walked again get a new identity")
        frame()
        #expect(homeIdentity() == walked)
        var scaled = fx.surface.lastList!.scaled(by: 2)
        #expect(scaled.rasterizedGroupIdentities == fx.surface.lastList!.rasterizedGroupIdentities, "scaling keeps them")
        scaled.rasterizedGroupIdentities = []
        #expect(scaled == fx.surface.lastList!.scaled(by: 2), "lists compare by their commands alone")
    }

    @Test("a change anywhere in the home shows in the next frame: text, colour, geometry, hiding, subviews added, removed and reordered")
    func everyKindOfChangeIsSeen() {
        let fx = Fixture()
        let changes: [(String, () -> Void)] = [
            ("a label's text", { fx.label.text = "Changed" }),
            ("a nested view's colour", { fx.counter.backgroundColor = .green }),
            ("a nested view's frame", { fx.counter.frame.origin.x += 7 }),
            ("the panel's corner radius", { fx.panel.cornerRadius = 4 }),
            ("a view hidden", { fx.button.isHidden = true }),
            ("a view shown", { fx.button.isHidden = false }),
            ("a nested view's alpha", { fx.counter.alpha = 0.5 }),
            ("a subview added", { fx.panel.addSubview(View(frame: Rect(x: 150, y: 10, width: 20, height: 20))) }),
            ("a subview reordered", { fx.panel.sendSubviewToBack(fx.counter) }),
            ("a subview removed", { fx.label.removeFromSuperview() }),
            ("a view moved in from outside", { fx.panel.addSubview(fx.outside) }),
            ("the home itself moved", { fx.home.center.x += 5 }),
            ("its superview moved", { fx.root.view.center.y += 3 }),
            ("the display scale", { fx.window.displayScale = 2 }),
        ]
        for (what, change) in changes {
            fx.frameMatchesAFreshWalk("before \(what)")
            change()
            fx.frameMatchesAFreshWalk(what)
        }
    }

    @Test("an animation inside the home shows on every frame, and its end too")
    func animationsInsideAreSeen() {
        let fx = Fixture()
        View.animate(withDuration: 0.2) { fx.counter.alpha = 0.2; fx.panel.center.y += 40 }
        for frame in 0..<16 { fx.frameMatchesAFreshWalk("frame \(frame) of the animation") }
        fx.frameMatchesAFreshWalk("after it")
    }

    @Test("keyboard focus moving onto a control inside the home shows its ring, and moving off hides it")
    func focusRingsInsideAreSeen() {
        let fx = Fixture()
        fx.window.send(.keyDown(.tab, time: fx.clock.now))
        fx.window.send(.keyUp(.tab, time: fx.clock.now))
        fx.frameMatchesAFreshWalk("Tab")
        #expect(fx.window.firstResponder === fx.button, "the home's button took focus")
        _ = fx.button.resignFirstResponder()
        fx.frameMatchesAFreshWalk("focus gone")
    }
}
