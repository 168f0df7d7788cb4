import Proscenium
import Testing

/// A stack view's frames against UIKit's results for each distribution and alignment, worked out by hand
/// in each test from boxes of known intrinsic size.
@MainActor @Suite("Stack view layout")
struct StackViewTests {
    /// A view with a fixed intrinsic size (`View.noIntrinsicMetric` where it has none).
    final class Box: View {
        var size: Size { didSet { invalidateIntrinsicContentSize() } }
        init(_ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    /// A 300 × 50 row of boxes 50, 60 and 70 points wide (20, 30, 40 tall), 10 points apart.
    func row(_ distribution: StackView.Distribution, width: Double = 300) -> (StackView, [Box]) {
        let boxes = [Box(50, 20), Box(60, 30), Box(70, 40)]
        let stack = StackView(arrangedSubviews: boxes, frame: Rect(x: 0, y: 0, width: width, height: 50))
        stack.distribution = distribution
        stack.spacing = 10
        stack.layoutIfNeeded()
        return (stack, boxes)
    }

    func widths(_ boxes: [View]) -> [Double] { boxes.map { ($0.frame.width * 1000).rounded() / 1000 } }
    func xs(_ boxes: [View]) -> [Double] { boxes.map { ($0.frame.minX * 1000).rounded() / 1000 } }

    @Test("fill: the extra 100 points go to the view that hugs least")
    func fillGivesExtraSpaceToTheLeastHugging() {
        let boxes = [Box(50, 20), Box(60, 30), Box(70, 40)]
        boxes[1].setContentHuggingPriority(200, for: .horizontal)
        let stack = StackView(arrangedSubviews: boxes, frame: Rect(x: 0, y: 0, width: 300, height: 50))
        stack.spacing = 10
        stack.layoutIfNeeded()
        // 300 − 2 × 10 − (50 + 60 + 70) = 100, all to the middle box.
        #expect(widths(boxes) == [50, 160, 70])
        #expect(xs(boxes) == [0, 60, 230])
        // Alignment .fill: as tall as the stack.
        #expect(boxes.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 50 })
    }

    @Test("fill: a view with no intrinsic width takes the extra space before any hugging one")
    func fillStretchesAViewWithoutIntrinsicSize() {
        let boxes = [Box(50, 20), Box(View.noIntrinsicMetric, 30), Box(70, 40)]
        boxes[0].setContentHuggingPriority(1, for: .horizontal)
        let stack = StackView(arrangedSubviews: boxes, frame: Rect(x: 0, y: 0, width: 300, height: 50))
        stack.spacing = 10
        stack.layoutIfNeeded()
        // 300 − 20 − 120 = 160 for the middle one.
        #expect(widths(boxes) == [50, 160, 70])
    }

    @Test("fill: ties share the extra space equally")
    func fillSharesAmongEqualHugging() {
        let (_, boxes) = row(.fill)
        #expect(widths(boxes) == [83.333, 93.333, 103.333])
    }

    @Test("fill: 50 points missing are taken from the view that resists compression least, then the next")
    func fillShrinksTheLeastResisting() {
        let boxes = [Box(50, 20), Box(60, 30), Box(70, 40)]
        boxes[2].setContentCompressionResistancePriority(250, for: .horizontal)
        let stack = StackView(arrangedSubviews: boxes, frame: Rect(x: 0, y: 0, width: 150, height: 50))
        stack.spacing = 10
        stack.layoutIfNeeded()
        // 150 − 20 − 180 = −50, all from the last box: 70 → 20.
        #expect(widths(boxes) == [50, 60, 20])
        // 110 missing at 90 wide: the last box gives its 70, the other two the other 40 in proportion (50:60).
        stack.frame = Rect(x: 0, y: 0, width: 90, height: 50)
        stack.layoutIfNeeded()
        #expect(widths(boxes) == [31.818, 38.182, 0])
    }

    @Test("fillEqually: (300 − 20) / 3 each")
    func fillEqually() {
        let (stack, boxes) = row(.fillEqually)
        #expect(widths(boxes) == [93.333, 93.333, 93.333])
        #expect(xs(boxes) == [0, 103.333, 206.667])
        // Its own intrinsic width: three of the widest and the gaps.
        #expect(stack.intrinsicContentSize == Size(width: 3 * 70 + 20, height: 40))
    }

    @Test("fillProportionally: 280 points shared 50 : 60 : 70")
    func fillProportionally() {
        let (_, boxes) = row(.fillProportionally)
        #expect(widths(boxes) == [77.778, 93.333, 108.889])
        #expect(xs(boxes) == [0, 87.778, 191.111])
    }

    @Test("equalSpacing: intrinsic widths, the 100 extra points in the two gaps")
    func equalSpacing() {
        let (_, boxes) = row(.equalSpacing)
        #expect(widths(boxes) == [50, 60, 70])
        #expect(xs(boxes) == [0, 110, 230])
    }

    @Test("equalCentering: centres 120 points apart, the first at the start and the last at the end")
    func equalCentering() {
        let (_, boxes) = row(.equalCentering)
        // Centres at 25, 145 and 265: (300 − 25 − 35) / 2 = 120 apart.
        #expect(widths(boxes) == [50, 60, 70])
        #expect(xs(boxes) == [0, 115, 230])
        #expect(boxes.map(\.center.x) == [25, 145, 265])
        // Its own length: centres far enough apart for the widest pair. 10, 100, 100 with no spacing:
        // 5 + 50 + 2 × 100 = 255, not 210.
        let centred = StackView(arrangedSubviews: [Box(10, 10), Box(100, 10), Box(100, 10)])
        centred.distribution = .equalCentering
        #expect(centred.intrinsicContentSize.width == 255)
    }

    @Test("alignments of a column 200 wide: fill, leading, center, trailing")
    func alignments() {
        let expected: [(StackView.Alignment, [Double], [Double])] = [
            (.fill, [0, 0, 0], [200, 200, 200]),
            (.leading, [0, 0, 0], [50, 60, 70]),
            (.center, [75, 70, 65], [50, 60, 70]),
            (.trailing, [150, 140, 130], [50, 60, 70]),
        ]
        for (alignment, x, width) in expected {
            let boxes = [Box(50, 20), Box(60, 30), Box(70, 40)]
            let stack = StackView(arrangedSubviews: boxes, frame: Rect(x: 0, y: 0, width: 200, height: 400))
            stack.axis = .vertical
            stack.alignment = alignment
            stack.spacing = 5
            stack.layoutIfNeeded()
            #expect(boxes.map(\.frame.minX) == x, "\(alignment)")
            #expect(boxes.map(\.frame.width) == width, "\(alignment)")
        }
        // A row aligned .center: heights 20, 30, 40 centred in 50.
        let (stack, boxes) = row(.fill)
        stack.alignment = .center
        stack.layoutIfNeeded()
        #expect(boxes.map(\.frame.minY) == [15, 10, 5])
        stack.alignment = .bottom
        stack.layoutIfNeeded()
        #expect(boxes.map(\.frame.minY) == [30, 20, 10])
    }

    @Test("a column in its margins, a hidden view taking no space, and the stack's own size")
    func marginsHiddenViewsAndIntrinsicSize() {
        let boxes = [Box(50, 20), Box(60, 30), Box(70, 40)]
        let stack = StackView(arrangedSubviews: boxes, frame: Rect(x: 0, y: 0, width: 200, height: 400))
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 10
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        stack.distribution = .equalSpacing
        stack.layoutIfNeeded()
        #expect(boxes.map(\.frame.minX) == [16, 16, 16])
        // 376 tall inside, 90 of views: (376 − 90) / 2 = 143 per gap.
        #expect(boxes.map(\.frame.minY) == [12, 175, 348])
        #expect(stack.intrinsicContentSize == Size(width: 70 + 32, height: 90 + 20 + 24))
        boxes[1].isHidden = true
        stack.layoutIfNeeded()
        #expect(boxes[2].frame.minY == 12 + 376 - 40)
        #expect(stack.intrinsicContentSize == Size(width: 70 + 32, height: 60 + 10 + 24))
        boxes[1].isHidden = false
        boxes[1].size = Size(width: 80, height: 30)
        #expect(stack.intrinsicContentSize.width == 80 + 32)
    }

    @Test("an arranged view removed from the stack leaves the arrangement; one taken out of it stays a subview")
    func removingArrangedViews() {
        let (stack, boxes) = row(.fill)
        boxes[0].removeFromSuperview()
        #expect(stack.arrangedSubviews.count == 2)
        stack.removeArrangedSubview(boxes[1])
        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [ObjectIdentifier(boxes[2])])
        #expect(boxes[1].superview === stack)
        stack.layoutIfNeeded()
        #expect(boxes[2].frame == Rect(x: 0, y: 0, width: 300, height: 50))
    }

    @Test("bad input: the stack inside itself, a NaN spacing, a NaN intrinsic size — warned, laid out, no crash")
    func badInput() {
        var warnings: [String] = []
        let previous = Warnings.handler
        Warnings.handler = { warnings.append($0) }
        defer { Warnings.handler = previous }
        let outer = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inner = StackView()
        outer.addArrangedSubview(inner)
        inner.addArrangedSubview(outer)
        inner.addArrangedSubview(inner)
        #expect(inner.arrangedSubviews.isEmpty)
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("the stack is inside it") })
        outer.spacing = .nan
        #expect(outer.spacing == 0)
        let odd = Box(.nan, 10)
        outer.addArrangedSubview(odd)
        outer.layoutIfNeeded()
        #expect(odd.frame.width.isFinite && odd.frame.height == 100)
        #expect(warnings.contains { $0.contains("not a size") })
        // Negative spacing overlaps the views, as UIKit's: 50 + 60 + 70 − 20 = 160 exactly.
        let (stack, boxes) = row(.fill)
        stack.spacing = -10
        stack.frame.size.width = 160
        stack.layoutIfNeeded()
        #expect(xs(boxes) == [0, 40, 90])
    }

    @Test("negative spacing larger than the views: the stack measures nothing, never less")
    func negativeSpacingNeverMeasuresBelowZero() {
        let stack = StackView(arrangedSubviews: [Box(3, 10), Box(2, 10)], frame: .zero)
        stack.spacing = -8
        #expect(stack.intrinsicContentSize.width == 0 && stack.intrinsicContentSize.height == 10)
        #expect(stack.sizeThatFits(Size(width: 100, height: 100)).width == 0)
    }

    @Test("equal spacing or equal centering with one view shown: it is pinned to both ends and fills the stack, as in UIKit")
    func oneViewFillsUnderEqualSpacing() {
        for distribution in [StackView.Distribution.equalSpacing, .equalCentering] {
            let shown = Box(50, 20), hidden = Box(60, 20)
            hidden.isHidden = true
            let stack = StackView(arrangedSubviews: [shown, hidden], frame: Rect(x: 0, y: 0, width: 300, height: 50))
            stack.distribution = distribution
            stack.layoutIfNeeded()
            #expect(shown.frame.minX == 0 && shown.frame.width == 300, "\(distribution): \(shown.frame)")
        }
    }
}
