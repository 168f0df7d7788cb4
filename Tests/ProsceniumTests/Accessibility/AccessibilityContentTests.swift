import Testing
@testable import Proscenium

/// What a screen reader reads and changes beyond names and actions: a label's and a field's text with the
/// caret, the selection and where each character is drawn; edits made as typing makes them; values between
/// bounds set as the user's change would; a table read as a list whose rows are selected as a tap does.
@MainActor @Suite("Accessibility content")
struct AccessibilityContentTests {
    private final class Rows: TableViewDataSource, TableViewDelegate {
        var selected: [Int] = []
        var deselected: [Int] = []
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel.text = "Row \(indexPath.row)"
            cell.detailTextLabel.text = indexPath.row == 1 ? "Detail" : ""
            return cell
        }
        func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
        func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) { deselected.append(indexPath.row) }
    }

    private final class Screen: ViewController {
        let caption = Label(text: "Two words. And more", frame: Rect(x: 20, y: 20, width: 300, height: 30))
        let wrapped = Label(text: "alpha beta gamma delta", frame: Rect(x: 20, y: 60, width: 90, height: 80))
        let field = TextField(text: "Draft", frame: Rect(x: 20, y: 150, width: 200, height: 36))
        let slider = Slider(frame: Rect(x: 20, y: 200, width: 200, height: 31))
        let stepper = Stepper(frame: Rect(x: 240, y: 200, width: 94, height: 32))
        let progress = ProgressView(progress: 0.25, frame: Rect(x: 20, y: 240, width: 200, height: 4))
        let table = TableView(frame: Rect(x: 350, y: 20, width: 240, height: 200))
        let sizes = SegmentedControl(items: ["Small", "Large"], frame: Rect(x: 350, y: 240, width: 200, height: 32))
        let rows = Rows()
        var edits = 0

        override func viewDidLoad() {
            wrapped.numberOfLines = 0
            stepper.stepValue = 5
            field.addEditingChangedAction { [unowned self] _ in edits += 1 }
            table.register(TableViewCell.self, forCellReuseIdentifier: "row")
            table.dataSource = rows
            table.delegate = rows
            sizes.accessibilityLabel = "Size"
            for view in [caption, wrapped, field, slider, stepper, progress, table, sizes] { self.view.addSubview(view) }
        }
    }

    private func makeWindow() -> (Window, ManualFrameClock, Screen) {
        let clock = ManualFrameClock(startTime: 10, framesPerSecond: 60)
        let window = Window(size: Size(width: 600, height: 400), clock: clock)
        let screen = Screen()
        window.rootViewController = screen
        clock.step()
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 10)
        return (window, clock, screen)
    }

    private func node(_ view: View, in tree: AccessibilityTree) throws -> AccessibilityNode {
        try #require(tree[AccessibilityTree.id(of: view)], "\(type(of: view)) is not in the tree")
    }

    @Test("a label's text, its lines as drawn, and each character where it is drawn")
    func labelText() throws {
        let (window, _, screen) = makeWindow()
        let tree = AccessibilityTree(window: window)
        let caption = try node(screen.caption, in: tree)
        #expect(caption.text == "Two words. And more" && caption.selectedRange == nil && caption.caretOffset == nil)
        let first = try #require(tree.characterFrame(at: 0, of: caption.id))
        let second = try #require(tree.characterFrame(at: 1, of: caption.id))
        #expect(first.minX == 20 && first.width > 0 && second.minX == first.maxX, "\(first) \(second)")
        #expect(first.minY > 20 && first.maxY < 50, "the line sits inside the label: \(first)")
        #expect(tree.characterOffset(at: Point(x: second.midX, y: second.midY), of: caption.id) == 1)
        #expect(tree.characterOffset(at: Point(x: 5, y: 5), of: caption.id) == nil)

        let wrapped = try node(screen.wrapped, in: tree)
        let lines = try #require(tree.textLines(of: wrapped.id))
        let text = Array("alpha beta gamma delta")
        #expect(lines.count > 1, "the label wraps at 90 points: \(lines)")
        #expect(lines.map { String(text[$0]) }.joined(separator: " ") == "alpha beta gamma delta", "\(lines)")
        let secondLine = try #require(tree.characterFrame(at: lines[1].lowerBound, of: wrapped.id))
        #expect(secondLine.minX == 20 && secondLine.minY > first.minY + 30, "the second line starts at the left edge, lower: \(secondLine)")
    }

    @Test("a field's text, caret and selection; selecting, replacing and copying as the user's keys would")
    func fieldText() throws {
        let (window, _, screen) = makeWindow()
        let id = AccessibilityTree.id(of: screen.field)
        var tree = AccessibilityTree(window: window)
        var field = try node(screen.field, in: tree)
        #expect(field.text == "Draft" && field.caretOffset == 5 && field.selectedRange == 5..<5)
        let caret = try #require(tree.characterFrame(at: 5, of: id))
        #expect(caret.minX == screen.field.convert(screen.field.caretRect(forOffset: 5), to: nil).minX && caret.width == 0)

        #expect(tree.setSelectedRange(1..<3, of: id))
        #expect(screen.field.selectedRange == 1..<3 && screen.field.selectedText == "ra")
        #expect(tree.setSelectedRange(1..<3, caret: 1, of: id))
        tree = AccessibilityTree(window: window)
        field = try node(screen.field, in: tree)
        #expect(field.selectedRange == 1..<3 && field.caretOffset == 1, "the caret is the moving end")

        #expect(tree.replaceCharacters(in: 0..<2, with: "Cr", of: id))
        #expect(screen.field.text == "Craft" && screen.field.selectedRange == 2..<2 && screen.edits == 1)
        #expect(tree.copyText(in: 0..<2, of: id, cutting: true))
        let copied = (window.pasteboard as? MemoryPasteboard)?.string(for: .clipboard)
        #expect(screen.field.text == "aft" && copied == "Cr" && screen.edits == 2, "\(screen.field.text) \(copied ?? "-") \(screen.edits)")

        screen.field.isEnabled = false
        #expect(!tree.replaceCharacters(in: 0..<1, with: "x", of: id) && screen.field.text == "aft", "a disabled field is not edited")
        #expect(!tree.setSelectedRange(0..<1, of: AccessibilityTree.id(of: screen.caption)), "a label has no selection to set")
    }

    @Test("values between bounds: a slider set anywhere, a stepper to its nearest step, a progress bar read only; each sends valueChanged once")
    func values() throws {
        let (window, _, screen) = makeWindow()
        var changes = 0
        screen.slider.addAction(for: .valueChanged) { _ in changes += 1 }
        screen.stepper.addAction(for: .valueChanged) { _ in changes += 1 }
        let tree = AccessibilityTree(window: window)
        #expect(try node(screen.slider, in: tree).valueRange == .init(current: 0, minimum: 0, maximum: 1))
        #expect(try node(screen.stepper, in: tree).valueRange == .init(current: 0, minimum: 0, maximum: 100, step: 5))
        let progress = try node(screen.progress, in: tree)
        #expect(progress.role == .progressBar && progress.value == "25%" && progress.valueRange?.isSettable == false)

        #expect(tree.setValue(0.7, of: AccessibilityTree.id(of: screen.slider)) && screen.slider.value == 0.7)
        #expect(tree.setValue(12, of: AccessibilityTree.id(of: screen.stepper)) && screen.stepper.value == 10)
        #expect(tree.setValue(500, of: AccessibilityTree.id(of: screen.stepper)) && screen.stepper.value == 100)
        #expect(!tree.setValue(0.5, of: progress.id) && screen.progress.progress == 0.25)
        #expect(!tree.setValue(.nan, of: AccessibilityTree.id(of: screen.slider)) && screen.slider.value == 0.7)
        #expect(changes == 3)
    }

    @Test("a table is a list of rows named by their text, valued by their detail, selected and deselected as the user's tap and choice would")
    func tableAsList() throws {
        let (window, clock, screen) = makeWindow()
        var tree = AccessibilityTree(window: window)
        let list = try node(screen.table, in: tree)
        #expect(list.role == .list)
        let rows = list.children.compactMap { tree[$0] }
        #expect(rows.map(\.role) == [.listItem, .listItem, .listItem])
        #expect(rows.map { $0.label ?? "-" } == ["Row 0", "Row 1", "Row 2"] && rows[1].value == "Detail", "\(rows)")
        #expect(rows.allSatisfy { $0.actions == [.activate] && !$0.traits.contains(.selected) })

        #expect(tree.setSelected(true, of: rows[1].id))
        #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0) && screen.rows.selected == [1])
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 10)
        tree = AccessibilityTree(window: window)
        #expect(tree[rows[1].id]?.traits.contains(.selected) == true)
        #expect(tree.setSelected(true, of: rows[2].id) && screen.rows.selected == [1, 2] && screen.rows.deselected == [1])
        #expect(tree.setSelected(false, of: rows[2].id) && screen.table.indexPathForSelectedRow == nil && screen.rows.deselected == [1, 2])
        #expect(!tree.setSelected(false, of: rows[0].id), "a row not selected is not deselected")

        screen.table.allowsSelection = false
        tree = AccessibilityTree(window: window)
        #expect(tree[rows[0].id]?.actions == [] && !tree.setSelected(true, of: rows[0].id))
    }

    @Test("a segmented control is a group named by its label, each segment a button, the selected one selected; activating one picks it as a click does")
    func segments() throws {
        let (window, clock, screen) = makeWindow()
        var changes = 0
        screen.sizes.addAction(for: .valueChanged) { _ in changes += 1 }
        var tree = AccessibilityTree(window: window)
        let group = try node(screen.sizes, in: tree)
        #expect(group.role == .group && group.label == "Size")
        var segments = group.children.compactMap { tree[$0] }
        #expect(segments.map { "\($0.role.rawValue) \($0.label ?? "-")" } == ["button Small", "button Large"])
        #expect(segments.allSatisfy { !$0.traits.contains(.selected) && $0.actions == [.activate] })
        #expect(tree.perform(.activate, on: segments[1].id))
        #expect(screen.sizes.selectedSegmentIndex == 1 && changes == 1)
        AnimationFixture.runUntilIdle(window: window, clock: clock, limit: 40)
        tree = AccessibilityTree(window: window)
        segments = group.children.compactMap { tree[$0] }
        #expect(segments.map { $0.traits.contains(.selected) } == [false, true])
        screen.sizes.isEnabled = false
        #expect(!AccessibilityTree(window: window).perform(.activate, on: segments[0].id) && screen.sizes.selectedSegmentIndex == 1)
    }

    @Test("an element scrolled out of its scroll view keeps its frame but shows nothing; one inside shows where it is")
    func clippedElements() throws {
        let (window, _, screen) = makeWindow()
        let scroller = ScrollView(frame: Rect(x: 20, y: 100, width: 200, height: 60))
        scroller.clipsToBounds = true
        scroller.contentSize = Size(width: 200, height: 400)
        let inside = Label(text: "Inside", frame: Rect(x: 0, y: 10, width: 100, height: 20))
        let below = Label(text: "Below", frame: Rect(x: 0, y: 150, width: 100, height: 20))
        for label in [inside, below] { scroller.addSubview(label) }
        screen.view.addSubview(scroller)
        let tree = AccessibilityTree(window: window)
        #expect(try node(inside, in: tree).visibleFrame == Rect(x: 20, y: 110, width: 100, height: 20))
        let hidden = try node(below, in: tree)
        #expect(hidden.frame == Rect(x: 20, y: 250, width: 100, height: 20) && hidden.visibleFrame.isEmpty, "in the window, below the scroll view")
    }
}
