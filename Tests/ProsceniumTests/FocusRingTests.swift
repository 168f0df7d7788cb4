import Testing
import Proscenium

/// The keyboard focus ring: shown on the focused control only while focus is visible (keyboard used since
/// the last click, as `:focus-visible`), drawn outside the control in its own space so it follows it, with
/// damage that covers it as it comes and goes, and kept to the top presentation.
@MainActor @Suite("Focus ring")
struct FocusRingTests {
    /// A 400×300 white window on a 60 Hz manual clock with a plain root controller, after its first frame.
    @MainActor struct RingFixture {
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window: Window
        let root = ViewController()

        init() {
            window = Window(size: Size(width: 400, height: 300), clock: clock)
            window.rootViewController = root
            clock.step()
        }

        /// Runs frames until nothing animates and no frame is asked for.
        func runUntilIdle() {
            for _ in 0..<600 where window.animationEngine.hasRunningAnimations || clock.needsFrame { clock.step() }
        }
    }

    /// The standard ring's outset from a control's edge: 2-point gap plus 3-point band.
    private static let outset = FocusRing.standardGap + FocusRing.standardWidth

    /// `count` 100×40 buttons with 10-point corners in `view`, 60 points apart, identified `<prefix><n>`.
    private func buttons(_ count: Int, in view: View, prefix: String = "b") -> [Button] {
        (0..<count).map { index in
            let button = Button(title: "\(prefix)\(index)", frame: Rect(x: 40, y: 40 + Double(index) * 60, width: 100, height: 40))
            button.identifier = "\(prefix)\(index)"
            view.addSubview(button)
            return button
        }
    }

    /// The standard ring of a control whose frame in window coordinates is `frame`, as the display list has it.
    private func standardRing(around frame: Rect, cornerRadius: Double = 10) -> DisplayCommand {
        .border(rect: frame.insetBy(dx: -Self.outset, dy: -Self.outset), cornerRadius: cornerRadius + Self.outset,
                width: FocusRing.standardWidth, color: Control.focusRingColor.withAlphaComponent(0.5))
    }

    /// The ring commands in `list`: borders in the ring's colour.
    private func rings(in list: DisplayList) -> [DisplayCommand] {
        list.commands.filter {
            if case let .border(_, _, _, color, _) = $0 { return color == FocusRing.standardColor }
            return false
        }
    }

    /// Whether every point of `rect` (sampled each half point, edges included) lies in `region`.
    private func covers(_ region: Region, _ rect: Rect) -> Bool {
        stride(from: rect.minX, through: rect.maxX - 0.5, by: 0.5).allSatisfy { x in
            stride(from: rect.minY, through: rect.maxY - 0.5, by: 0.5).allSatisfy { y in
                region.rects.contains { $0.contains(Point(x: x + 0.25, y: y + 0.25)) }
            }
        }
    }

    private func tab(_ fixture: RingFixture, shift: Bool = false) {
        fixture.window.send(.keyDown(.tab, modifiers: shift ? .shift : [], time: fixture.clock.now))
        fixture.window.send(.keyUp(.tab, modifiers: shift ? .shift : [], time: fixture.clock.now))
    }

    private func click(_ fixture: RingFixture, at point: Point, button: Int = 1) {
        fixture.window.send(.pointerDown(point, button: button, time: fixture.clock.now))
        fixture.window.send(.pointerUp(point, button: button, time: fixture.clock.now))
    }

    // MARK: - Visibility

    @Test("focus is visible after Tab, hidden by a primary press anywhere, shown again by a key on the focused control")
    func visibilityStateMachine() {
        let fixture = RingFixture()
        let controls = buttons(2, in: fixture.root.view)
        #expect(!fixture.window.isFocusVisible, "a new window shows no ring")
        tab(fixture)
        #expect(fixture.window.isFocusVisible)
        #expect(controls[0].isFocused && controls[0].showsFocusRing)

        click(fixture, at: Point(x: 300, y: 250))  // empty space: focus stays, the ring goes
        #expect(!fixture.window.isFocusVisible)
        #expect(controls[0].isFocused && !controls[0].showsFocusRing)

        click(fixture, at: Point(x: 300, y: 250), button: 3)
        fixture.window.send(.keyDown(.character("x"), time: fixture.clock.now))
        #expect(fixture.window.isFocusVisible, "any key on the focused control shows it again")
        #expect(controls[0].showsFocusRing)

        click(fixture, at: Point(x: 300, y: 250), button: 3)
        #expect(fixture.window.isFocusVisible, "a right-click is not a primary press")
        click(fixture, at: Point(x: 90, y: 120))  // on the other button: it is tapped, not focused
        #expect(!fixture.window.isFocusVisible && controls[0].isFocused && !controls[1].isFocused)
    }

    @Test("shortcuts held with Control, Alt or Super do not show focus; Tab always does")
    func shortcutsDoNotShowFocus() {
        let fixture = RingFixture()
        let control = buttons(1, in: fixture.root.view)[0]
        control.becomeFirstResponder()
        for modifier in [KeyModifiers.control, .alternate, .command] {
            fixture.window.send(.keyDown(.character("c"), modifiers: modifier, time: 0))
            #expect(!fixture.window.isFocusVisible, "\(modifier)")
        }
        fixture.window.send(.keyDown(.tab, modifiers: .control, time: 0))
        #expect(fixture.window.isFocusVisible)
    }

    @Test("becoming first responder programmatically keeps the visibility: a ring after keyboard use, none after a click")
    func programmaticFocusKeepsVisibility() {
        let fixture = RingFixture()
        let controls = buttons(2, in: fixture.root.view)
        #expect(controls[1].becomeFirstResponder())
        #expect(!controls[1].showsFocusRing, "nothing typed yet")
        tab(fixture)
        #expect(controls[0].showsFocusRing)
        #expect(controls[1].becomeFirstResponder())
        #expect(controls[1].showsFocusRing, "focus moved by code after the keyboard was used")
        click(fixture, at: Point(x: 300, y: 250))
        #expect(controls[0].becomeFirstResponder())
        #expect(!controls[0].showsFocusRing, "focus moved by code after a click")
    }

    // MARK: - The ring in the display list

    @Test("the ring is a 3-point band 2 points outside the button, its corners concentric, over its title; the button keeps its own border")
    func ringInTheDisplayList() throws {
        let fixture = RingFixture()
        let control = buttons(1, in: fixture.root.view)[0]
        control.borderWidth = 1
        control.borderColor = .black
        fixture.clock.step()
        tab(fixture)
        let list = fixture.window.currentDisplayList()
        let frame = Rect(x: 40, y: 40, width: 100, height: 40)
        #expect(rings(in: list) == [standardRing(around: frame)])
        #expect(list.commands.contains(.border(rect: frame, cornerRadius: 10, width: 1, color: .black)), "its border stays")
        #expect(control.borderWidth == 1 && control.borderColor == .black)
        let ringIndex = try #require(list.commands.firstIndex(of: standardRing(around: frame)))
        let titleIndex = try #require(list.commands.firstIndex { if case .text = $0 { return true }; return false })
        #expect(titleIndex < ringIndex, "drawn last, over the control's contents")

        click(fixture, at: Point(x: 300, y: 250))
        #expect(rings(in: fixture.window.currentDisplayList()).isEmpty, "a click hides it")
    }

    @Test("the control's own clip does not clip the ring; a clipping superview does")
    func clipping() {
        let fixture = RingFixture()
        let clipper = View(frame: Rect(x: 20, y: 20, width: 200, height: 200))
        clipper.clipsToBounds = true
        fixture.root.view.addSubview(clipper)
        let control = buttons(1, in: clipper)[0]
        control.clipsToBounds = true
        tab(fixture)
        let commands = fixture.window.currentDisplayList().commands
        let ring = standardRing(around: Rect(x: 60, y: 60, width: 100, height: 40))
        guard let ringIndex = commands.firstIndex(of: ring) else {
            Issue.record("no ring in \(commands)")
            return
        }
        // Push/pop depth of clips around the ring: only the superview's clip is open.
        var depth = 0
        for command in commands[..<ringIndex] {
            if case .pushClip = command { depth += 1 }
            if case .popClip = command { depth -= 1 }
        }
        #expect(depth == 1, "inside the superview's clip, outside the control's")
    }

    @Test("an opacity group around the control is big enough for its ring")
    func opacityGroupBoundsIncludeTheRing() throws {
        let fixture = RingFixture()
        let control = buttons(1, in: fixture.root.view)[0]
        control.alpha = 0.5
        tab(fixture)
        let group = try #require(fixture.window.currentDisplayList().commands.compactMap { command -> Rect? in
            if case let .pushOpacity(_, bounds) = command { return bounds }
            return nil
        }.first)
        let ringRect = Rect(x: 40, y: 40, width: 100, height: 40).insetBy(dx: -Self.outset, dy: -Self.outset)
        #expect(group.union(ringRect) == group, "group \(group) must hold the ring \(ringRect)")
    }

    @Test("the ring follows an animated control frame by frame, in its presentation geometry")
    func ringFollowsAnAnimation() throws {
        let fixture = RingFixture()
        let control = buttons(1, in: fixture.root.view)[0]
        tab(fixture)
        fixture.clock.step()
        View.animate(withDuration: 1) {
            control.frame = Rect(x: 200, y: 150, width: 160, height: 60)
            control.cornerRadius = 20
        }
        var seen: Set<Rect> = []
        for _ in 0..<20 {
            fixture.clock.step()
            let p = control.presentation
            let frame = p.frame
            let ring = try #require(rings(in: fixture.window.currentDisplayList()).first)
            guard case let .border(rect, radius, _, _, _) = ring else { return }
            let expected = frame.insetBy(dx: -Self.outset, dy: -Self.outset)
            // The view snaps to whole pixels; the ring with it.
            #expect(isClose(rect, expected, tolerance: 1), "ring \(rect) around \(frame)")
            #expect(isClose(radius, p.cornerRadius + Self.outset, tolerance: 1e-6))
            seen.insert(rect)
        }
        #expect(seen.count > 10, "it moved every frame")
        fixture.runUntilIdle()
        #expect(rings(in: fixture.window.currentDisplayList()) == [standardRing(around: Rect(x: 200, y: 150, width: 160, height: 60),
                                                                                 cornerRadius: 20)])
    }

    @Test("in a scaled (transformed) superview the ring is drawn inside the group, with the control")
    func ringInsideATransformedGroup() throws {
        let fixture = RingFixture()
        let card = View(frame: Rect(x: 20, y: 20, width: 300, height: 200))
        card.transform = AffineTransform(scaleX: 1.2, y: 1.2)
        fixture.root.view.addSubview(card)
        _ = buttons(1, in: card)
        tab(fixture)
        let commands = fixture.window.currentDisplayList().commands
        let push = try #require(commands.firstIndex { if case .pushTransform = $0 { return true }; return false })
        let pop = try #require(commands.firstIndex { if case .popTransform = $0 { return true }; return false })
        let ring = try #require(commands.firstIndex { rings(in: DisplayList(commands: [$0])).count == 1 })
        #expect(push < ring && ring < pop)
        if case let .pushTransform(_, bounds) = commands[push] {
            let ringRect = Rect(x: 40, y: 40, width: 100, height: 40).insetBy(dx: -Self.outset, dy: -Self.outset)
            #expect(bounds.union(ringRect) == bounds, "the group's bounds \(bounds) hold the ring")
        }
    }

    // MARK: - Damage

    @Test("damage covers the ring as it appears, moves to another control, and goes at a click")
    func damageCoversTheRing() {
        let fixture = RingFixture()
        let controls = buttons(2, in: fixture.root.view)
        fixture.clock.step()
        let first = Rect(x: 40, y: 40, width: 100, height: 40).insetBy(dx: -Self.outset, dy: -Self.outset)
        let second = Rect(x: 40, y: 100, width: 100, height: 40).insetBy(dx: -Self.outset, dy: -Self.outset)
        func damaged(_ rect: Rect) -> Bool { covers(fixture.window.lastDamage, rect) }
        tab(fixture)
        fixture.clock.step()
        #expect(controls[0].showsFocusRing)
        #expect(damaged(first), "the ring appears: \(fixture.window.lastDamage.rects)")
        tab(fixture)
        fixture.clock.step()
        #expect(damaged(first) && damaged(second), "it leaves one and reaches the other: \(fixture.window.lastDamage.rects)")
        click(fixture, at: Point(x: 300, y: 250))
        fixture.clock.step()
        #expect(damaged(second), "it goes: \(fixture.window.lastDamage.rects)")
        #expect(!covers(fixture.window.lastDamage, first), "only where it was")
    }

    // MARK: - Subclasses

    /// A control that draws no ring.
    final class RinglessControl: Control {
        override var focusRing: FocusRing? { nil }
    }

    /// A control whose ring lies just inside its edge, in red, shown however it was focused.
    final class InsetRingControl: Control {
        override var focusRing: FocusRing? {
            FocusRing(around: presentation.bounds, cornerRadius: presentation.cornerRadius, gap: -2, width: 2, color: .red)
        }
        override var alwaysShowsFocusRing: Bool { true }
    }

    @Test("a subclass can opt out of the ring, or restyle it and show it whenever it is focused")
    func subclassesOptOutOrRestyle() {
        let fixture = RingFixture()
        let ringless = RinglessControl(frame: Rect(x: 10, y: 10, width: 80, height: 30))
        let inset = InsetRingControl(frame: Rect(x: 10, y: 60, width: 80, height: 30))
        inset.cornerRadius = 6
        fixture.root.view.addSubview(ringless)
        fixture.root.view.addSubview(inset)
        tab(fixture)
        #expect(ringless.isFocused && !ringless.showsFocusRing)
        #expect(!fixture.window.currentDisplayList().commands.contains { if case .border = $0 { return true }; return false })

        click(fixture, at: Point(x: 300, y: 250))
        #expect(inset.becomeFirstResponder())
        #expect(inset.showsFocusRing, "shown though focus came after a click")
        #expect(fixture.window.currentDisplayList().commands.contains(
            .border(rect: Rect(x: 10, y: 60, width: 80, height: 30), cornerRadius: 6, width: 2, color: .red)))
    }

    @Test("an inset ring that comes because a presentation began leaving is drawn at once, though nothing marked its control")
    func aRingInsideTheBoundsIsDamagedWhenItComes() throws {
        let fixture = RingFixture()
        let inset = InsetRingControl(frame: Rect(x: 10, y: 20, width: 80, height: 30))
        fixture.root.view.addSubview(inset)
        // An undimmed bottom sheet: as it slides away, nothing it damages reaches the control.
        let presented = ViewController()
        presented.modalPresentationStyle = .bottomSheet
        let sheet = try #require(presented.presentationController as? BottomSheetPresentationController)
        sheet.largestUndimmedDetentIdentifier = .medium
        fixture.root.present(presented, animated: false)
        fixture.runUntilIdle()
        #expect(inset.becomeFirstResponder())
        #expect(!inset.showsFocusRing, "keys go to the sheet")
        fixture.clock.step()

        presented.dismiss(animated: true)
        fixture.clock.step()
        #expect(inset.showsFocusRing, "keys come back to it as the sheet starts to leave")
        #expect(covers(fixture.window.lastDamage, Rect(x: 10, y: 20, width: 80, height: 30)), "\(fixture.window.lastDamage.rects)")
        #expect(fixture.window.currentDisplayList().commands.contains(
            .border(rect: Rect(x: 10, y: 20, width: 80, height: 30), cornerRadius: 0, width: 2, color: .red)))
    }

    // MARK: - Presentations

    @Test("a control left focused below a presentation shows no ring; Tab stays inside the presentation and rings there")
    func ringStaysInsideTheTopPresentation() throws {
        let fixture = RingFixture()
        let home = buttons(2, in: fixture.root.view, prefix: "home")
        tab(fixture)
        #expect(home[0].showsFocusRing)
        fixture.clock.step()
        let presented = ViewController()
        presented.modalPresentationStyle = .formSheet
        fixture.root.present(presented, animated: true)
        fixture.clock.step()
        #expect(!home[0].showsFocusRing, "keys go to the presentation from its first frame")
        #expect(rings(in: fixture.window.currentDisplayList()).isEmpty)
        fixture.runUntilIdle()
        #expect(!home[0].isFocused)
        home[1].becomeFirstResponder()  // something below grabs focus again
        #expect(!home[1].showsFocusRing, "keys would not reach it")

        let sheet = buttons(2, in: presented.view, prefix: "sheet")
        var order: [String] = []
        for _ in 0..<3 {
            tab(fixture)
            order.append((fixture.window.firstResponder as? View)?.identifier ?? "nil")
        }
        #expect(order == ["sheet0", "sheet1", "sheet0"])
        #expect(sheet[0].showsFocusRing)
        let list = fixture.window.currentDisplayList()
        let frame = sheet[0].convert(sheet[0].bounds, to: nil)
        #expect(rings(in: list) == [standardRing(around: frame)])

        presented.dismiss(animated: false)
        fixture.runUntilIdle()
        #expect(fixture.window.presentedViewControllers.isEmpty)
        // Focus comes back where it was before the presentation; the keyboard was used, so its ring shows.
        #expect(home[0].isFocused && home[0].showsFocusRing)
    }
}
