import Testing
@testable import Proscenium

/// The adaptive action sheet: a popover at its source in a regular-width window, a bottom sheet in a
/// compact one, turning from one into the other while the window is resized.
@MainActor @Suite("Action sheet")
struct AlertActionSheetTests {
    /// A window of `size` with a Share button at the top left, and an action sheet (`actions`: Copy, Delete,
    /// Cancel unless given) pointed at it, presented and settled.
    private func presentedSheet(_ size: Size, picked: Box<[String]>, withSource: Bool = true,
                                actions: [(String, AlertAction.Style)] = [("Copy", .default), ("Delete", .destructive), ("Cancel", .cancel)])
        -> (PresentationFixture, AlertController, View) {
        let fixture = PresentationFixture(size: size)
        let share = Button(title: "Share")
        share.frame = Rect(x: 40, y: 40, width: 100, height: 32)
        fixture.root.view.addSubview(share)
        let sheet = AlertController(title: "Document", message: "Share or remove it.", preferredStyle: .actionSheet)
        for (title, style) in actions {
            sheet.addAction(AlertAction(title: title, style: style) { picked.value.append($0.title) })
        }
        if withSource { sheet.popoverPresentationController?.sourceView = share }
        fixture.root.present(sheet, animated: true)
        fixture.runUntilIdle()
        return (fixture, sheet, share)
    }

    private func isPopover(_ sheet: AlertController) -> Bool { sheet.presentationController is PopoverPresentationController }
    private func isBottomSheet(_ sheet: AlertController) -> Bool { sheet.presentationController is BottomSheetPresentationController }

    @Test("at 1280x800 a popover under its source, 300 wide, with no Cancel button")
    func regularWidthIsAPopover() {
        let (fixture, sheet, share) = presentedSheet(Size(width: 1280, height: 800), picked: Box([]))
        #expect(isPopover(sheet))
        let frame = sheet.view.convert(sheet.view.bounds, to: nil)
        #expect(frame.width == 300 && frame.minY > share.frame.maxY, "\(frame)")
        #expect(fixture.window.view(withIdentifier: "cancel")?.isHidden == true)
        let delete = fixture.window.view(withIdentifier: "delete")!
        #expect(delete.convert(delete.bounds, to: nil).maxY == frame.maxY, "Delete ends the popover")
    }

    @Test("at 600x800 a bottom sheet from its first frame, full width, Cancel last")
    func compactWidthIsABottomSheet() {
        let fixture = PresentationFixture(size: Size(width: 600, height: 800))
        let share = Button(title: "Share")
        fixture.root.view.addSubview(share)
        let sheet = AlertController(title: "Document", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(AlertAction(title: "Copy", style: .default))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.popoverPresentationController?.sourceView = share
        fixture.root.present(sheet, animated: true)
        #expect(isBottomSheet(sheet), "no popover first: the sheet's own slide from the start")
        fixture.frames(6)
        let midway = sheet.view.presentation.frame
        #expect(midway.width == 600 && midway.minY > 800 - sheet.view.bounds.height, "sliding up: \(midway)")
        fixture.runUntilIdle()
        let frame = sheet.view.convert(sheet.view.bounds, to: nil)
        #expect(frame.maxY == 800 && frame.width == 600)
        let copy = fixture.window.view(withIdentifier: "copy")!, cancel = fixture.window.view(withIdentifier: "cancel")!
        #expect(!cancel.isHidden && cancel.frame.minY > copy.frame.maxY && cancel.frame.maxY == sheet.view.bounds.height)
    }

    @Test("a sheet without a source view is a bottom sheet at any width")
    func noSourceIsABottomSheet() {
        let (fixture, sheet, _) = presentedSheet(Size(width: 1280, height: 800), picked: Box([]), withSource: false)
        #expect(isBottomSheet(sheet) && fixture.window.presentedViewControllers.first === sheet)
    }

    @Test("a live resize across 640 turns the popover into a bottom sheet and back, the same controller")
    func liveResizeAdapts() {
        let picked = Box<[String]>([])
        let (fixture, sheet, _) = presentedSheet(Size(width: 1280, height: 800), picked: picked)
        for width in stride(from: 1260.0, through: 600, by: -60) {
            fixture.window.resize(to: Size(width: width, height: 800))
            fixture.frames(1)
        }
        fixture.runUntilIdle()
        #expect(isBottomSheet(sheet) && sheet.view.convert(sheet.view.bounds, to: nil).maxY == 800)
        #expect(fixture.window.view(withIdentifier: "cancel")?.isHidden == false)
        let sheetHeight = sheet.view.bounds.height
        fixture.window.resize(to: Size(width: 1000, height: 800))
        fixture.runUntilIdle()
        #expect(isPopover(sheet) && sheet.view.bounds.width == 300 && sheet.view.bounds.height < sheetHeight)
        #expect(fixture.window.view(withIdentifier: "cancel")?.isHidden == true)
        // Escape still picks Cancel though its button is not shown.
        fixture.window.send(.keyDown(.escape, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(picked.value == ["Cancel"] && fixture.window.presentedViewControllers.isEmpty)
    }

    @Test("a click outside the popover dismisses it and runs Cancel's handler once; a button runs its own")
    func clickOutsideCancels() {
        let picked = Box<[String]>([])
        let (fixture, _, _) = presentedSheet(Size(width: 1280, height: 800), picked: picked)
        let outside = Point(x: 1000, y: 600)
        fixture.window.send(.pointerDown(outside, button: 1, time: fixture.clock.now))
        fixture.window.send(.pointerUp(outside, button: 1, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(picked.value == ["Cancel"] && fixture.window.presentedViewControllers.isEmpty)

        let (again, _, _) = presentedSheet(Size(width: 600, height: 800), picked: picked)
        let delete = again.window.view(withIdentifier: "delete")!
        let point = delete.convert(Point(x: delete.bounds.midX, y: delete.bounds.midY), to: nil)
        again.window.send(.pointerDown(point, button: 1, time: again.clock.now))
        again.window.send(.pointerUp(point, button: 1, time: again.clock.now))
        again.runUntilIdle()
        #expect(picked.value == ["Cancel", "Delete"])
    }

    @Test("with Cancel disabled, a click outside the popover leaves it up and runs nothing, as Escape does")
    func aDisabledCancelKeepsThePopoverUp() {
        let picked = Box<[String]>([])
        let (fixture, sheet, _) = presentedSheet(Size(width: 1280, height: 800), picked: picked)
        sheet.actions.first { $0.style == .cancel }?.isEnabled = false
        let outside = Point(x: 1000, y: 600)
        fixture.window.send(.pointerDown(outside, button: 1, time: fixture.clock.now))
        fixture.window.send(.pointerUp(outside, button: 1, time: fixture.clock.now))
        fixture.window.send(.keyDown(.escape, time: fixture.clock.now))
        fixture.runUntilIdle()
        #expect(picked.value.isEmpty && fixture.window.presentedViewControllers.first === sheet && !sheet.isBeingDismissed)
    }

    @Test("an action added while the popover is up makes it taller, the new row inside it")
    func anActionAddedLateGrowsThePopover() {
        let (fixture, sheet, _) = presentedSheet(Size(width: 1280, height: 800), picked: Box([]))
        let before = sheet.view.convert(sheet.view.bounds, to: nil)
        sheet.addAction(AlertAction(title: "Print", style: .default))
        fixture.frames(1)
        let after = sheet.view.convert(sheet.view.bounds, to: nil)
        let print = fixture.window.view(withIdentifier: "print")!
        #expect(after.height > before.height && after.minY == before.minY, "\(before) → \(after)")
        #expect(print.frame.maxY == sheet.view.bounds.height, "\(print.frame) in \(sheet.view.bounds)")
    }

    @Test("the keyboard goes to the default action's button; with none, to Cancel in a bottom sheet and to nothing in a popover, which hides Cancel",
          arguments: [Size(width: 1280, height: 800), Size(width: 600, height: 800)])
    func keyboardFocusAsTheSheetAppears(size: Size) {
        let (fixture, _, _) = presentedSheet(size, picked: Box([]))
        #expect((fixture.window.firstResponder as? View)?.identifier == "copy", "Copy is the only default action")

        let (other, _, _) = presentedSheet(size, picked: Box([]), actions: [("Delete", .destructive), ("Cancel", .cancel)])
        let focused = (other.window.firstResponder as? View)?.identifier
        if size.width >= 640 {
            #expect(focused != "cancel" && focused != "delete", "nothing in the popover: \(focused ?? "-")")
        } else {
            #expect(focused == "cancel")
        }
    }
}
