import Testing
@testable import Proscenium

/// Rows aligned on their text's first or last baselines, as `UIStackView`'s `.firstBaseline` and
/// `.lastBaseline`: frames worked out by hand from the estimating measurer's metrics (a 17-point line is
/// 20 points tall with its baseline 16 below its top, a 30-point one 36 with 28, a 12-point one 15 with 11).
@MainActor @Suite("Stack view baseline alignment")
struct StackViewBaselineTests {
    /// A view with a fixed intrinsic size and no text: its baseline is its bottom edge.
    final class Box: View {
        let size: Size
        init(_ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    /// A card with its caption 10 points below its top, naming the caption for baselines, as a custom view
    /// overriding UIKit's `forFirstBaselineLayout` does.
    final class Card: View {
        let caption = Label(text: "Card")
        override init(frame: Rect) {
            super.init(frame: frame)
            addSubview(caption)
        }
        override func layoutSubviews() { caption.frame = Rect(x: 0, y: 10, width: bounds.width, height: 20) }
        override var intrinsicContentSize: Size { Size(width: 60, height: 40) }
        override var forFirstBaselineLayout: View { caption }
    }

    /// A window on a surface with the estimating measurer, so the metrics do not depend on the fonts of
    /// whatever display another test opened; kept for the test's length (a view out of a window, or in one
    /// without a surface, measures with the process's latest display).
    private let window: Window
    /// Held here: the window holds its surface weakly.
    private let surface = ProbeSurface()

    init() {
        window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        window.surface = surface
    }

    private func label(_ text: String, size: Double) -> Label {
        let label = Label(text: text)
        label.font = .systemFont(ofSize: size)
        return label
    }

    /// A row of `views` `width` × 100 in a window, aligned by `alignment`, laid out.
    private func row(_ views: [View], _ alignment: StackView.Alignment, width: Double = 400,
                     distribution: StackView.Distribution = .fill) -> StackView {
        let stack = StackView(arrangedSubviews: views, frame: Rect(x: 0, y: 0, width: width, height: 100))
        stack.alignment = alignment
        stack.distribution = distribution
        window.addSubview(stack)
        stack.layoutIfNeeded()
        return stack
    }

    @Test("firstBaseline: a 17-point and a 30-point label share their baseline, the taller at the top; a box without text sits on it")
    func firstBaselinesOfLabels() {
        let small = label("Name", size: 17), large = label("Total", size: 30), box = Box(20, 10)
        let stack = row([small, large, box], .firstBaseline)
        #expect(small.frame.minY == 12 && small.frame.height == 20)
        #expect(large.frame.minY == 0 && large.frame.height == 36)
        #expect(box.frame.minY == 18 && box.frame.height == 10)
        // From the highest baseline's 28 points above it to the lowest's 8 below.
        #expect(stack.intrinsicContentSize.height == 36)
        #expect(stack.baselineOffset(.first, in: stack.bounds.size) == 28)
    }

    @Test("lastBaseline: a field lines up with the last line of a wrapped label; firstBaseline with its first")
    func lastBaselineOfAWrappedLabel() {
        // At 100 points the label wraps to "one two" / "three four" / "five six": 60 tall, baselines 16 and 56.
        let wrapped = label("one two three four five six", size: 17)
        wrapped.numberOfLines = 0
        let field = TextField()
        var stack = row([wrapped, field], .lastBaseline, width: 200, distribution: .fillEqually)
        #expect(wrapped.frame.height == 60 && wrapped.frame.minY == 0)
        // The field is 36 tall with its line 8 below its top: its baseline 24 below it.
        #expect(field.frame.height == 36 && field.frame.minY == 56 - 24)
        #expect(stack.sizeThatFits(Size(width: 200, height: .infinity)).height == 68)

        stack.removeFromSuperview()
        stack = row([wrapped, field], .firstBaseline, width: 200, distribution: .fillEqually)
        #expect(wrapped.frame.minY == 24 - 16 && field.frame.minY == 0)
        #expect(stack.sizeThatFits(Size(width: 200, height: .infinity)).height == 68)
    }

    @Test("a button's baseline is its title's: a 12-point label beside a 44-point button sits on the title's line")
    func buttonBaseline() {
        let caption = label("Pay", size: 12), button = Button(title: "OK")
        _ = row([caption, button], .firstBaseline)
        // The title is 20 tall, centred in 44: its baseline at 12 + 16 = 28; the caption's 11 below its top.
        #expect(button.frame.minY == 0 && button.frame.height == 44)
        #expect(caption.frame.minY == 28 - 11)
    }

    @Test("a column names its first and last views' baselines; a row of it lines up on either")
    func nestedColumn() {
        let title = label("Title", size: 30), subtitle = label("Subtitle", size: 12)
        let column = StackView(arrangedSubviews: [title, subtitle])
        column.axis = .vertical
        column.alignment = .leading
        let side = label("Side", size: 17)
        _ = row([column, side], .firstBaseline)
        #expect(column.forFirstBaselineLayout === title && column.forLastBaselineLayout === subtitle)
        #expect(column.frame.minY == 0 && side.frame.minY == 28 - 16)

        column.removeFromSuperview()
        side.removeFromSuperview()
        _ = row([column, side], .lastBaseline)
        // The subtitle's baseline: 36 below the column's top, then 11.
        #expect(column.frame.minY == 0 && side.frame.minY == 36 + 11 - 16)
    }

    @Test("a custom view naming its caption for forFirstBaselineLayout lines up by the caption, where it lays it out")
    func customViewBaseline() {
        let card = Card(frame: .zero), side = label("Side", size: 17)
        card.frame = Rect(x: 0, y: 0, width: 60, height: 40)
        card.layoutIfNeeded()
        _ = row([card, side], .firstBaseline)
        // The caption is 20 tall at 10 in the card: its baseline 26 below the card's top.
        #expect(card.frame.minY == 0 && side.frame.minY == 26 - 16)
        // Last baselines are the card's bottom: it names only its first.
        side.removeFromSuperview()
        card.removeFromSuperview()
        _ = row([card, side], .lastBaseline)
        #expect(card.frame.minY == 0 && side.frame.minY == 40 - 16)
    }

    @Test("a column aligned on baselines lays out as .fill: baselines only line up across a row")
    func columnBaselineIsFill() {
        let first = label("One", size: 17), second = Box(50, 30)
        let stack = StackView(arrangedSubviews: [first, second], frame: Rect(x: 0, y: 0, width: 200, height: 100))
        stack.axis = .vertical
        stack.alignment = .firstBaseline
        window.addSubview(stack)
        stack.layoutIfNeeded()
        #expect(first.frame == Rect(x: 0, y: 0, width: 200, height: 20))
        // The box hugs least: the 50 spare points are its, as in any filling column.
        #expect(second.frame == Rect(x: 0, y: 20, width: 200, height: 80))
    }
}
