import Testing
@testable import Proscenium

/// How big views say they want to be, as UIKit's do: a text field has a height for stacks, an empty label
/// none, `sizeToFit` wraps a label of several lines at its width; and what the keyboard sends a button.
@MainActor @Suite("View sizing and keyboard activation")
struct ViewSizingTests {
    /// A window on a surface with the estimating measurer, so text sizes do not depend on the fonts of
    /// whatever display another test opened.
    private func window() -> Window {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualFrameClock())
        window.surface = ProbeSurface()
        return window
    }

    /// A label of any number of lines at (10, 10), 80 by 20 points, in `window`.
    private func wrappingLabel(_ text: String, in window: Window) -> Label {
        let label = Label(text: text, frame: Rect(x: 10, y: 10, width: 80, height: 20))
        label.numberOfLines = 0
        window.addSubview(label)
        return label
    }

    @Test("a text field has a height for stacks and no width of its own: in a vertical form it keeps its height")
    func textFieldsHaveAHeight() {
        let field = TextField()
        let fitted = field.sizeThatFits(Size(width: 300, height: 300)).height
        #expect(field.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: fitted))
        let window = window()
        let label = Label(text: "Name")
        let form = StackView(arrangedSubviews: [label, field], frame: Rect(x: 0, y: 0, width: 300, height: 200))
        form.axis = .vertical
        form.alignment = .fill
        form.spacing = 8
        window.addSubview(form)
        #expect(form.intrinsicContentSize.height == label.intrinsicContentSize.height + 8 + fitted)
        form.frame.size.height = form.intrinsicContentSize.height
        form.layoutIfNeeded()
        #expect(field.frame.height == fitted && field.frame.width == 300)
        field.font = .systemFont(ofSize: 30)
        #expect(field.intrinsicContentSize.height > fitted, "a bigger font makes it taller")
    }

    @Test("an empty label takes no room, in its intrinsic size and its fitting size")
    func emptyLabelsAreEmpty() {
        let label = Label(text: "")
        #expect(label.intrinsicContentSize == .zero)
        #expect(label.sizeThatFits(Size(width: 200, height: 200)) == .zero)
        label.text = "Error"
        #expect(label.intrinsicContentSize.height > 0)
    }

    @Test("sizeToFit wraps a label of several lines at its current width, and fits a one-line label to its text")
    func sizeToFitKeepsTheWidthOfWrappingLabels() {
        let window = window()
        let label = wrappingLabel("one two three four five six", in: window)
        label.sizeToFit()
        let wrapped = label.layout(forWidth: 80)
        #expect(wrapped.lines.count > 1)
        #expect(label.frame.origin == Point(x: 10, y: 10))
        #expect(label.bounds.width <= 80 && label.bounds.height == wrapped.size.height, "\(label.bounds)")
        let single = Label(text: "one two three four five six", frame: Rect(x: 0, y: 0, width: 40, height: 20))
        window.addSubview(single)
        single.sizeToFit()
        #expect(single.bounds.width > 40, "one line takes the width its text needs")
    }

    @Test("Space or Return on a focused button sends what a tap sends: touch-up-inside target-action works from the keyboard")
    func keyboardActivationSendsTouchUpInside() {
        let window = window()
        let root = ViewController()
        window.rootViewController = root
        var events: [String] = []
        let button = Button(title: "Save", frame: Rect(x: 20, y: 20, width: 100, height: 44))
        button.addAction(for: .touchUpInside) { _ in events.append("up") }
        button.addAction(for: .primaryActionTriggered) { _ in events.append("primary") }
        root.view.addSubview(button)
        #expect(button.becomeFirstResponder())
        window.send(.keyDown(.space, time: 0))
        window.send(.keyUp(.space, time: 0))
        #expect(events == ["up", "primary"])
    }

    @Test("a field with its text selected shows no caret, as its documentation says")
    func noCaretOverASelection() {
        let scene = FieldScene(text: "selected")
        #expect(scene.field.becomeFirstResponder())
        #expect(!scene.field.selectedRange.isEmpty)
        #expect(!scene.field.isCaretVisible)
    }

    @Test("a label of several lines shorter than its text draws the lines that fit, the last one truncated, nothing outside it")
    func aShortLabelShowsTheLinesThatFit() {
        let label = wrappingLabel("one two three four five six seven eight", in: window())
        let full = label.layout(forWidth: 80)
        let lineHeight = full.size.height / Double(full.lines.count)
        #expect(full.lines.count > 2)
        label.frame.size.height = lineHeight
        var shown = label.shownLayout()
        #expect(shown.lines.count == 1 && shown.lines[0].text.hasSuffix("…"), "\(shown.lines.map(\.text))")
        #expect(label.drawingOverflow == nil, "nothing is drawn outside the label")
        label.frame.size.height = 2 * lineHeight + 5
        shown = label.shownLayout()
        #expect(shown.lines.count == 2 && shown.lines[1].text.hasSuffix("…"))
        label.lineBreakMode = .byWordWrapping
        #expect(!label.shownLayout().lines[1].text.hasSuffix("…"), "word wrapping cuts the text without an ellipsis")
        label.frame.size.height = full.size.height
        #expect(label.shownLayout() == label.layout(forWidth: 80), "tall enough, all of it")
    }

    @Test("sizeToFit on a column of wrapping labels: as tall as they are wrapped at its width, and no wider than it")
    func sizeToFitOnAColumn() {
        let window = window()
        let label = Label(text: "one two three four five six seven eight nine ten")
        label.numberOfLines = 0
        let column = StackView(arrangedSubviews: [label], frame: Rect(x: 0, y: 0, width: 100, height: 10))
        column.axis = .vertical
        window.addSubview(column)
        column.sizeToFit()
        #expect(column.bounds.width <= 100, "\(column.bounds)")
        #expect(column.bounds.height == label.layout(forWidth: 100).size.height)
    }

    @Test("a row with a wrapping label inside a column is as tall as the label's lines at its share of the width, and shows them all")
    func rowOfWrappingTextInAColumn() {
        let window = window()
        final class Icon: View {
            override var intrinsicContentSize: Size { Size(width: 40, height: 40) }
        }
        let icon = Icon()
        let text = Label(text: "one two three four five six seven eight nine ten eleven twelve")
        text.numberOfLines = 0
        let row = StackView(arrangedSubviews: [icon, text])
        row.spacing = 8
        // The spacer has no height of its own, so it takes the room the row does not ask for.
        let column = StackView(arrangedSubviews: [row, View()], frame: Rect(x: 0, y: 0, width: 200, height: 300))
        column.axis = .vertical
        column.alignment = .fill
        column.distribution = .fill
        window.addSubview(column)
        column.layoutIfNeeded()
        row.layoutIfNeeded()
        let lines = text.layout(forWidth: text.bounds.width).lines.count
        #expect(lines > 1, "the text wraps at \(text.bounds.width) points")
        #expect(text.shownLayout().lines.count == lines && !(text.shownLayout().lines.last?.text.hasSuffix("…") ?? true),
                "all \(lines) lines shown in \(text.frame)")
        #expect(row.frame.height < 300 && row.sizeThatFits(Size(width: 200, height: 1000)).height == row.frame.height,
                "the row asks for its wrapped height: \(row.frame)")
    }
}
