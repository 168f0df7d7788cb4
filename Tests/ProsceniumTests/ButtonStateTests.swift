import Testing
@testable import Proscenium  // to press the button (`isHighlighted` is set by touches)

/// A button draws its states (filled, pressed, disabled) itself and leaves the `alpha` and
/// `backgroundColor` the app gave it alone, as UIKit's does.
@MainActor @Suite("Button states")
struct ButtonStateTests {
    private func makeButton() -> (Window, Button) {
        let window = Window(size: Size(width: 200, height: 100), clock: ManualFrameClock())
        let button = Button(title: "OK", frame: Rect(x: 20, y: 20, width: 120, height: 44))
        window.addSubview(button)
        return (window, button)
    }

    /// The fills drawn in the button's frame, in order.
    private func fills(in window: Window) -> [Color] {
        window.currentDisplayList().commands.compactMap {
            if case let .fill(rect, _, color, _) = $0, rect == Rect(x: 20, y: 20, width: 120, height: 44) { return color }
            return nil
        }
    }

    @Test func aFadedOutButtonStaysFadedThroughTintAndEnabledChanges() {
        let (_, button) = makeButton()
        button.alpha = 0
        button.tintColor = .red
        button.isEnabled = false
        button.isEnabled = true
        button.highlightedColor = .green
        #expect(button.alpha == 0)
    }

    @Test func theAppsBackgroundColorIsKept() {
        let (window, button) = makeButton()
        #expect(button.backgroundColor == nil)
        button.backgroundColor = .white
        button.tintColor = .red
        button.isHighlighted = true
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.backgroundColor == .white)
        button.isEnabled = true
        #expect(fills(in: window) == [.white, .red], "the app's background, then the button's own fill above it")
    }

    @Test func theStatesAreDrawn() {
        let (window, button) = makeButton()
        let tint = Color.systemBlue.resolvedColor(with: TraitCollection(userInterfaceStyle: .light))
        #expect(fills(in: window) == [tint])
        button.isHighlighted = true
        #expect(fills(in: window) == [Color(red: tint.red * 0.75, green: tint.green * 0.75, blue: tint.blue * 0.75)])
        button.isHighlighted = false
        button.highlightedColor = .green
        button.isHighlighted = true
        #expect(fills(in: window) == [.green])
        button.isHighlighted = false
        button.isEnabled = false
        #expect(fills(in: window) == [tint.withAlphaComponent(0.6)], "dimmed, not by the button's own alpha")
        #expect(button.alpha == 1)
        #expect(button.titleLabel.textColor == Color.white.withAlphaComponent(0.5))
        let opacityGroups = window.currentDisplayList().commands.filter {
            if case .pushOpacity = $0 { return true }
            return false
        }
        #expect(opacityGroups.isEmpty)
    }
}
