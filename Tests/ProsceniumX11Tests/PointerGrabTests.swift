import CX11
import Proscenium
@testable import ProsceniumX11
import Testing

/// Another client grabbing the pointer during a press (a desktop shortcut, a screenshot tool, the window
/// manager's move) means the release never comes to this window: the press is cancelled when the pointer
/// leaves for the grab, as UIKit cancels touches the system takes, instead of plain hovering dragging on.
@MainActor @Suite("Pointer grabs by other clients")
struct PointerGrabTests {
    @Test("a core leave for a grab cancels the press; a plain leave does not", arguments: [true, false])
    func aLeaveForAGrabCancelsThePress(forGrab: Bool) async throws {
        let fixture = try await HostFixture()
        defer { fixture.stop() }
        let slider = Slider(frame: Rect(x: 100, y: 100, width: 300, height: 40))
        var events: [String] = []
        slider.addAction(for: .touchCancel) { _ in events.append("touchCancel") }
        slider.addAction(for: .valueChanged) { _ in events.append("valueChanged") }
        fixture.root.addSubview(slider)
        fixture.frame()
        let window = fixture.host.window
        window.send(.pointerDown(Point(x: 250, y: 120), button: 1, time: 1))
        events.removeAll()
        var leave = XEvent()
        leave.type = LeaveNotify
        leave.xcrossing.window = fixture.host.xWindow
        leave.xcrossing.mode = forGrab ? NotifyGrab : NotifyNormal
        fixture.host.handle(&leave)
        #expect(events == (forGrab ? ["touchCancel"] : []))
        events.removeAll()
        window.send(.pointerMoved(Point(x: 380, y: 300), time: 1.1))
        #expect(events.contains("valueChanged") == !forGrab, "hovering after the grab moves nothing: \(events)")
    }
}
