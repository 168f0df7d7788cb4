import Testing
@testable import Proscenium  // for TextLayout.Line's internal memberwise init

/// The display list built from small view trees: exact commands, in window coordinates.
@MainActor @Suite("Display list")
struct DisplayListTests {
    private static let windowFill = DisplayCommand.fill(rect: Rect(x: 0, y: 0, width: 200, height: 200),
                                                        cornerRadius: 0, color: .white)

    private func makeWindow() -> Window {
        Window(size: Size(width: 200, height: 200), clock: ManualFrameClock())
    }

    @Test func emptyWindowFillsItsBackground() {
        let window = makeWindow()
        #expect(window.currentDisplayList().commands == [Self.windowFill])
    }

    @Test func viewWithoutBackgroundDrawsNothing() {
        let window = makeWindow()
        window.addSubview(View(frame: Rect(x: 10, y: 10, width: 50, height: 50)))
        #expect(window.currentDisplayList().commands == [Self.windowFill])
    }

    @Test func fillWithCornerRadiusInWindowCoordinates() {
        let window = makeWindow()
        let parent = View(frame: Rect(x: 10, y: 20, width: 100, height: 80))
        parent.backgroundColor = .red
        parent.cornerRadius = 8
        let child = View(frame: Rect(x: 5, y: 6, width: 20, height: 10))
        child.backgroundColor = .green
        parent.addSubview(child)
        window.addSubview(parent)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .fill(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8, color: .red),
            .fill(rect: Rect(x: 15, y: 26, width: 20, height: 10), cornerRadius: 0, color: .green),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func siblingsDrawInOrderBackToFront() {
        let window = makeWindow()
        let back = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        back.backgroundColor = .red
        let front = View(frame: Rect(x: 25, y: 25, width: 50, height: 50))
        front.backgroundColor = .blue
        window.addSubview(back)
        window.addSubview(front)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .fill(rect: Rect(x: 0, y: 0, width: 50, height: 50), cornerRadius: 0, color: .red),
            .fill(rect: Rect(x: 25, y: 25, width: 50, height: 50), cornerRadius: 0, color: .blue),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func shadowComesBeforeFill() {
        let window = makeWindow()
        let card = View(frame: Rect(x: 10, y: 20, width: 100, height: 80))
        card.backgroundColor = .red
        card.cornerRadius = 8
        card.shadowOpacity = 0.5
        card.shadowRadius = 4
        card.shadowOffset = Point(x: 1, y: 2)
        window.addSubview(card)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .shadow(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8, blurRadius: 4,
                    offset: Point(x: 1, y: 2), color: Color(white: 0, alpha: 0.5)),
            .fill(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8, color: .red),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func borderComesAfterSubviews() {
        let window = makeWindow()
        let card = View(frame: Rect(x: 10, y: 20, width: 100, height: 80))
        card.backgroundColor = .red
        card.borderWidth = 2
        card.borderColor = .blue
        let child = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        child.backgroundColor = .green
        card.addSubview(child)
        window.addSubview(card)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .fill(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 0, color: .red),
            .fill(rect: Rect(x: 10, y: 20, width: 20, height: 20), cornerRadius: 0, color: .green),
            .border(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 0, width: 2, color: .blue),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func clipsToBoundsWrapsTheSubviewsInAClip() {
        let window = makeWindow()
        let card = View(frame: Rect(x: 10, y: 20, width: 100, height: 80))
        card.backgroundColor = .red
        card.cornerRadius = 12
        card.clipsToBounds = true
        card.borderWidth = 1
        let child = View(frame: Rect(x: 90, y: 0, width: 30, height: 30))
        child.backgroundColor = .green
        card.addSubview(child)
        window.addSubview(card)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .fill(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 12, color: .red),
            .pushClip(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 12),
            .fill(rect: Rect(x: 100, y: 20, width: 30, height: 30), cornerRadius: 0, color: .green),
            .popClip,
            .border(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 12, width: 1, color: .black),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func alphaBelowOneOpensAnOpacityGroup() {
        let window = makeWindow()
        let faded = View(frame: Rect(x: 120, y: 10, width: 40, height: 40))
        faded.backgroundColor = .blue
        faded.alpha = 0.5
        let child = View(frame: Rect(x: 30, y: 30, width: 20, height: 20))  // reaches past the parent
        child.backgroundColor = .red
        faded.addSubview(child)
        window.addSubview(faded)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .pushOpacity(alpha: 0.5, bounds: Rect(x: 120, y: 10, width: 50, height: 50)),
            .fill(rect: Rect(x: 120, y: 10, width: 40, height: 40), cornerRadius: 0, color: .blue),
            .fill(rect: Rect(x: 150, y: 40, width: 20, height: 20), cornerRadius: 0, color: .red),
            .popOpacity,
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func opaqueViewHasNoOpacityGroup() {
        let window = makeWindow()
        let view = View(frame: Rect(x: 120, y: 10, width: 40, height: 40))
        view.backgroundColor = .blue
        window.addSubview(view)
        let commands = window.currentDisplayList().commands
        #expect(!commands.contains { if case .pushOpacity = $0 { true } else { false } })
    }

    @Test func scaledViewOpensATransformGroupInItsLocalSpace() {
        let window = makeWindow()
        let scaled = View(frame: Rect(x: 120, y: 100, width: 40, height: 40))  // centre (140, 120)
        scaled.backgroundColor = .black
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        let child = View(frame: Rect(x: 10, y: 5, width: 10, height: 10))
        child.backgroundColor = .red
        scaled.addSubview(child)
        window.addSubview(scaled)
        // Local (0, 0) lands at the centre minus twice the half size: (140 − 40, 120 − 40).
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .pushTransform(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 100, ty: 80),
                           bounds: Rect(x: 0, y: 0, width: 40, height: 40)),
            .fill(rect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 0, color: .black),
            .fill(rect: Rect(x: 10, y: 5, width: 10, height: 10), cornerRadius: 0, color: .red),
            .popTransform,
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func translatedViewNeedsNoTransformGroup() {
        let window = makeWindow()
        let moved = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        moved.backgroundColor = .black
        moved.transform = AffineTransform(translationX: 5, y: 7)
        window.addSubview(moved)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .fill(rect: Rect(x: 15, y: 17, width: 40, height: 40), cornerRadius: 0, color: .black),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func boundsOriginOffsetsTheSubviews() {
        let window = makeWindow()
        let scroller = View(frame: Rect(x: 0, y: 50, width: 200, height: 100))
        scroller.bounds.origin = Point(x: 0, y: 30)
        scroller.backgroundColor = .white
        let row = View(frame: Rect(x: 0, y: 40, width: 200, height: 20))
        row.backgroundColor = .red
        scroller.addSubview(row)
        window.addSubview(scroller)
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .fill(rect: Rect(x: 0, y: 50, width: 200, height: 100), cornerRadius: 0, color: .white),
            .fill(rect: Rect(x: 0, y: 60, width: 200, height: 20), cornerRadius: 0, color: .red),
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func hiddenAndTransparentViewsDrawNothing() {
        let window = makeWindow()
        let hidden = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        let transparent = View(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        transparent.backgroundColor = .red
        transparent.alpha = 0
        window.addSubview(hidden)
        window.addSubview(transparent)
        #expect(window.currentDisplayList().commands == [Self.windowFill])
    }

    @Test func labelDrawsItsTextVerticallyCentred() {
        // Whatever measurer is installed (X tests in the same process install Xft's): the label draws the
        // layout the measurer makes, its block centred in the label's height, on whole pixels.
        let window = makeWindow()
        let label = Label(text: "Hi", frame: Rect(x: 10, y: 150, width: 100, height: 30))
        label.textColor = .blue
        window.addSubview(label)
        let texts = window.currentDisplayList().commands.compactMap { command -> (TextLayout, Point, Color)? in
            if case let .text(layout, origin, color) = command { return (layout, origin, color) }
            return nil
        }
        let (layout, origin, color) = try! #require(texts.first)
        #expect(texts.count == 1)
        #expect(layout.lines.map(\.text) == ["Hi"])
        #expect(layout.size.height > 0 && layout.size.height < 30)
        #expect(origin == Point(x: 10, y: 150 + ((30 - layout.size.height) / 2).rounded()))
        #expect(color == .blue)
        if TextLayout.measurer is EstimatingTextMeasurer {
            // Estimating measurer, 17 pt: ascent 0.93·17 ≈ 15.8, line 20 (rounded up): 5 pt above and below.
            #expect(origin.y == 155)
        }
    }

    @Test func centredLabelShiftsItsLine() {
        let window = makeWindow()
        let label = Label(text: "Hi", frame: Rect(x: 10, y: 150, width: 100, height: 30))
        label.textAlignment = .center
        window.addSubview(label)
        let commands = window.currentDisplayList().commands
        guard commands.count == 2, case let .text(layout, origin, color) = commands[1] else {
            Issue.record("expected one text command, got \(commands)")
            return
        }
        #expect(origin == Point(x: 10, y: 155))
        #expect(color == .black)
        let textWidth: Double = 2 * (17 * 0.55)
        let centredX: Double = ((100 - textWidth) / 2).rounded()  // 41
        #expect(layout.lines.map(\.x) == [centredX])
    }

    @Test func smallTreeCombinesEveryGroupInOrder() {
        let window = makeWindow()
        let card = View(frame: Rect(x: 10, y: 20, width: 100, height: 80))
        card.backgroundColor = .red
        card.cornerRadius = 8
        card.shadowOpacity = 1
        card.clipsToBounds = true
        card.borderWidth = 2
        card.borderColor = .blue
        card.alpha = 0.8
        let inner = View(frame: Rect(x: 5, y: 5, width: 20, height: 20))
        inner.backgroundColor = .green
        inner.transform = AffineTransform(scaleX: 0.5, y: 0.5)
        card.addSubview(inner)
        window.addSubview(card)
        // Shadow: radius 3 (blur 6 each side), offset (0, −3): card-local (−6, −9)–(106, 83).
        let expected: [DisplayCommand] = [
            Self.windowFill,
            .pushOpacity(alpha: 0.8, bounds: Rect(x: 4, y: 11, width: 112, height: 92)),
            .shadow(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8, blurRadius: 3,
                    offset: Point(x: 0, y: -3), color: .black),
            .fill(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8, color: .red),
            .pushClip(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8),
            // Inner's centre (15, 15) in the card is (25, 35) in the window; half of 20×20 around it.
            .pushTransform(AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 20, ty: 30),
                           bounds: Rect(x: 0, y: 0, width: 20, height: 20)),
            .fill(rect: Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 0, color: .green),
            .popTransform,
            .popClip,
            .border(rect: Rect(x: 10, y: 20, width: 100, height: 80), cornerRadius: 8, width: 2, color: .blue),
            .popOpacity,
        ]
        #expect(window.currentDisplayList().commands == expected)
    }

    @Test func presentedListIsTheWholeTree() {
        let scene = ProbeScene(width: 200, height: 200)
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        view.backgroundColor = .red
        scene.window.addSubview(view)
        scene.step()
        let expected = DisplayList(commands: [
            Self.windowFill,
            .fill(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0, color: .red),
        ])
        #expect(scene.surface.lastList == expected)
        #expect(scene.window.currentDisplayList() == expected)
    }
}
