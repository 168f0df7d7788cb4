import Testing
@testable import Proscenium

/// A view that counts `traitCollectionDidChange(_:)` and keeps what it was told.
@MainActor final class TraitProbeView: View {
    var changes: [(previous: TraitCollection?, now: TraitCollection)] = []
    var onChange: (@MainActor (TraitProbeView) -> Void)?
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        changes.append((previousTraitCollection, traitCollection))
        onChange?(self)
    }
}

/// A controller that counts `traitCollectionDidChange(_:)`.
@MainActor final class TraitProbeController: ViewController {
    var styles: [UserInterfaceStyle] = []
    var log: [String]?
    var name = ""
    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        styles.append(traitCollection.userInterfaceStyle)
        log?.append(name)
    }
}

/// Light and dark appearance as UIKit has it: dynamic colours resolved where they are drawn, the style
/// inherited down the tree (and from presenter to presented) unless overridden, and
/// `traitCollectionDidChange(_:)` once per change, top-down, before the layout pass.
@MainActor @Suite("Appearance")
struct AppearanceTests {
    private let dark = TraitCollection(userInterfaceStyle: .dark), light = TraitCollection(userInterfaceStyle: .light)

    private func makeWindow() -> (Window, ManualFrameClock) {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 800, height: 600), clock: clock)
        clock.step()
        return (window, clock)
    }

    /// The colours of the fills drawn exactly at `rect`.
    private func fills(at rect: Rect, in window: Window) -> [Color] {
        window.currentDisplayList().commands.compactMap {
            if case let .fill(r, _, color, _) = $0, r == rect { return color }
            return nil
        }
    }

    private func textColors(in window: Window) -> [Color] {
        window.currentDisplayList().commands.compactMap {
            if case let .text(_, _, color) = $0 { return color }
            return nil
        }
    }

    @Test func aDynamicColourResolvesPerStyleAndStaysDynamicThroughItsAlpha() {
        let color = Color(light: .white, dark: Color(hex: 0x1C1C1E))
        #expect(color.isDynamic)
        #expect(color.resolvedColor(with: light) == .white)
        #expect(color.resolvedColor(with: dark) == Color(hex: 0x1C1C1E))
        #expect(color.resolvedColor(with: TraitCollection()) == .white, "unspecified resolves as light")
        let faded = color.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: dark) == Color(hex: 0x1C1C1E, alpha: 0.5))
        #expect(faded.resolvedColor(with: light) == Color(white: 1, alpha: 0.5))
        #expect(Color(light: .red, dark: .red) == .red && !Color(light: .red, dark: .red).isDynamic)
        #expect(Color.label.resolvedColor(with: dark) == .white && Color.label.resolvedColor(with: light) == .black)
        #expect(Color.systemBackground.resolvedColor(with: dark) == .black)
        #expect(Color.systemBlue.resolvedColor(with: dark) == Color(hex: 0x0A84FF))
        #expect(Color.label.description == "#000000/#ffffff")
    }

    @Test func theWindowsStyleResolvesWhatEveryViewDraws() {
        let (window, clock) = makeWindow()
        let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        card.backgroundColor = .secondarySystemBackground
        let label = Label(text: "Hello")
        label.frame = Rect(x: 0, y: 0, width: 100, height: 20)
        card.addSubview(label)
        window.addSubview(card)
        clock.step()
        #expect(fills(at: Rect(x: 10, y: 10, width: 100, height: 50), in: window) == [Color(hex: 0xF2F2F7)])
        #expect(textColors(in: window) == [.black])
        window.systemUserInterfaceStyle = .dark
        clock.step()
        #expect(fills(at: Rect(x: 0, y: 0, width: 800, height: 600), in: window) == [.black], "the window's own background")
        #expect(fills(at: Rect(x: 10, y: 10, width: 100, height: 50), in: window) == [Color(hex: 0x1C1C1E)])
        #expect(textColors(in: window) == [.white])
        #expect(label.traitCollection.userInterfaceStyle == .dark)
        // A view added later draws dark at once.
        let late = View(frame: Rect(x: 200, y: 10, width: 40, height: 40))
        late.backgroundColor = .systemBackground
        window.addSubview(late)
        clock.step()
        #expect(fills(at: Rect(x: 200, y: 10, width: 40, height: 40), in: window) == [.black])
    }

    @Test func traitCollectionDidChangeComesOncePerChangeAndNotWithoutOne() {
        let (window, clock) = makeWindow()
        let controller = TraitProbeController()
        window.rootViewController = controller
        let probe = TraitProbeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        controller.view.addSubview(probe)
        clock.step()
        #expect(probe.changes.count == 1 && probe.changes[0].previous == nil, "told once as it first has traits")
        #expect(probe.changes[0].now.userInterfaceStyle == .light)
        clock.run(for: 0.2)
        window.setNeedsLayout()
        clock.step()
        #expect(probe.changes.count == 1, "frames, layouts and redraws are no change")
        window.systemUserInterfaceStyle = .dark
        window.systemUserInterfaceStyle = .light
        window.systemUserInterfaceStyle = .dark
        clock.step()
        clock.step()
        #expect(probe.changes.count == 2, "three settings between two frames are one change")
        #expect(probe.changes[1].previous?.userInterfaceStyle == .light && probe.changes[1].now.userInterfaceStyle == .dark)
        #expect(controller.styles == [.light, .dark])
        window.systemUserInterfaceStyle = .dark
        clock.step()
        #expect(probe.changes.count == 2, "the same style again is no change")
        window.displayScale = 2
        clock.step()
        #expect(probe.changes.count == 3 && probe.changes[2].previous?.displayScale == 1 && probe.changes[2].now.displayScale == 2)
        window.resize(to: Size(width: 500, height: 600))
        clock.step()
        #expect(probe.changes.count == 4 && probe.changes[3].now.horizontalSizeClass == .compact, "a size class changed")
        window.resize(to: Size(width: 520, height: 600))
        clock.step()
        #expect(probe.changes.count == 4, "a resize within the same size classes changes no trait")
    }

    @Test func anOverrideHoldsForItsSubtreeAndWhatItsControllerPresents() {
        let (window, clock) = makeWindow()
        let root = TraitProbeController()
        window.rootViewController = root
        let island = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = TraitProbeView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        inner.backgroundColor = .systemBackground
        island.addSubview(inner)
        root.view.addSubview(island)
        island.overrideUserInterfaceStyle = .dark
        clock.step()
        #expect(inner.traitCollection.userInterfaceStyle == .dark && root.view.traitCollection.userInterfaceStyle == .light)
        #expect(fills(at: Rect(x: 10, y: 10, width: 20, height: 20), in: window) == [.black])
        window.systemUserInterfaceStyle = .dark
        clock.step()
        #expect(inner.changes.count == 1, "the desktop's change does not reach a subtree that overrides it")
        island.overrideUserInterfaceStyle = .light
        clock.step()
        #expect(inner.changes.count == 2 && inner.traitCollection.userInterfaceStyle == .light)

        // The root controller's override reaches a controller it presents, as UIKit's trait inheritance does.
        root.overrideUserInterfaceStyle = .light
        let presented = TraitProbeController()
        root.present(presented, animated: false)
        clock.step()
        #expect(presented.traitCollection.userInterfaceStyle == .light, "the presenter's override, not the desktop's dark")
        #expect(presented.view.traitCollection.userInterfaceStyle == .light)
        root.overrideUserInterfaceStyle = .unspecified
        clock.step()
        #expect(presented.traitCollection.userInterfaceStyle == .dark)
        #expect(presented.styles.last == .dark)
        presented.overrideUserInterfaceStyle = .light
        clock.step()
        #expect(presented.view.traitCollection.userInterfaceStyle == .light && root.view.traitCollection.userInterfaceStyle == .dark)
    }

    @Test func callbacksRunTopDownAndAnOverrideSetInOneIsServedInTheSameFrame() {
        let (window, clock) = makeWindow()
        var order: [String] = []
        let parent = TraitProbeController(), child = TraitProbeController()
        parent.name = "parent"
        child.name = "child"
        parent.log = []
        window.rootViewController = parent
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let probe = TraitProbeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.view.addSubview(probe)
        clock.step()
        parent.log = []
        child.log = []
        probe.onChange = { view in
            order.append("probe")
            // Re-entrant: the callback turns its own subtree back to light.
            if view.traitCollection.userInterfaceStyle == .dark { view.overrideUserInterfaceStyle = .light }
        }
        window.systemUserInterfaceStyle = .dark
        clock.step()
        #expect(parent.log == ["parent"] && child.log == ["child"])
        #expect(order == ["probe", "probe"], "told of dark, then of its own override to light, in one frame")
        #expect(probe.traitCollection.userInterfaceStyle == .light)
        #expect(parent.styles.last == .dark && child.styles.last == .dark)
    }

    @Test func aBackgroundColourAnimatesBetweenTheColoursOfTheViewsStyle() {
        let (window, clock) = makeWindow()
        window.systemUserInterfaceStyle = .dark
        let view = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .systemBackground
        window.addSubview(view)
        clock.step()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.backgroundColor = Color(light: .black, dark: .white) })
        clock.run(for: 0.5)
        let mid = try! #require(view.presentation.backgroundColor)
        #expect(abs(mid.red - 0.5) < 0.06, "black to white in the dark appearance, not white to black")
    }
}

/// Traits in the places they are easy to miss: views that layout adds, and a window's own override under
/// a full-screen presentation.
@MainActor @Suite("Appearance, corners")
struct AppearanceCornerTests {
    /// Adds a dark-adapting subview each time it lays out, as a table adds cells.
    final class GrowingView: View {
        var added: [View] = []
        override func layoutSubviews() {
            let cell = View(frame: Rect(x: 0, y: Double(added.count) * 10, width: 50, height: 10))
            cell.backgroundColor = .systemBackground
            addSubview(cell)
            added.append(cell)
        }
    }

    @Test func aViewAddedDuringLayoutDrawsInTheWindowsStyleInItsFirstFrame() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 300, height: 200), clock: clock)
        window.systemUserInterfaceStyle = .dark
        let growing = GrowingView(frame: Rect(x: 0, y: 0, width: 50, height: 100))
        window.addSubview(growing)
        clock.step()
        let cell = growing.added[0]
        #expect(cell.traitCollection.userInterfaceStyle == .dark)
        #expect(cell.drawingStyle == .dark, "told its traits in the frame that added it")
        #expect(window.consistencyProblems().isEmpty)
    }

    @Test func theWindowsOverrideHoldsUnderAFullScreenPresentation() {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 800, height: 600), clock: clock)
        let root = ViewController()
        window.rootViewController = root
        window.overrideUserInterfaceStyle = .dark
        clock.step()
        let presented = ViewController()
        presented.modalPresentationStyle = .fullScreen
        root.present(presented, animated: false)
        clock.run(for: 0.5)
        #expect(root.viewIfLoaded?.window == nil, "the presenter's view is out of the window")
        #expect(presented.traitCollection.userInterfaceStyle == .dark)
        #expect(presented.view.traitCollection.userInterfaceStyle == .dark)
        window.resize(to: Size(width: 500, height: 600))  // a full traits update
        clock.step()
        #expect(presented.view.drawingStyle == .dark)
        #expect(window.consistencyProblems().isEmpty)
    }
}

extension AppearanceCornerTests {
    @Test func presentationChromeTakesThePresentedControllersStyle() throws {
        let clock = ManualFrameClock()
        let window = Window(size: Size(width: 800, height: 600), clock: clock)
        let root = ViewController()
        window.rootViewController = root
        let source = View(frame: Rect(x: 100, y: 100, width: 80, height: 40))
        root.view.addSubview(source)
        root.overrideUserInterfaceStyle = .dark
        clock.step()
        let popover = ViewController()
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.presentationController as? PopoverPresentationController)
        controller.sourceView = source
        root.present(popover, animated: false)
        clock.run(for: 0.5)
        #expect(controller.arrowView.drawingStyle == .dark, "the arrow matches the dark bubble on a light desktop")
        popover.overrideUserInterfaceStyle = .light
        clock.step()
        #expect(controller.arrowView.drawingStyle == .light)
        #expect(window.consistencyProblems().isEmpty)
        // The presented view's own override, set while it is up, reaches the chrome around it as well.
        popover.overrideUserInterfaceStyle = .unspecified
        clock.step()
        popover.view.overrideUserInterfaceStyle = .light
        clock.step()
        #expect(controller.arrowView.drawingStyle == .light, "the arrow follows the bubble's view")
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
    }
}
