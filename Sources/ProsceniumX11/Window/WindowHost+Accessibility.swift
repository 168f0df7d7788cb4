import CX11
import Proscenium

// MARK: - Screen readers

extension WindowHost {
    /// Starts serving the window over AT-SPI when an accessibility bus answers (see `AccessibilityBridge`);
    /// without one nothing happens and nothing is printed.
    func startAccessibility() {
        // Screen readers name the window by its title.
        if window.accessibilityLabel == nil { window.accessibilityLabel = configuration.title }
        AccessibilityBridge.start(window: window, applicationName: Console.programName, geometry: { [weak self] in
            guard let self, !isDestroyed else { return (Point(x: 0, y: 0), 1) }
            var x: Int32 = 0, y: Int32 = 0
            var child: CX11.Window = 0
            XTranslateCoordinates(display.pointer, xWindow, display.rootWindow, 0, 0, &x, &y, &child)
            return (Point(x: Double(x), y: Double(y)), scale)
        }, started: { [weak self] bridge in self?.accessibilityBridge = bridge })
    }

    /// A screen reader's view of the window changed with nothing drawn: the bridge reads it again and says
    /// what changed, as after a frame.
    public func accessibilityDidChange() {
        accessibilityBridge?.windowDidChange()
    }
}
