import CX11
import Proscenium

/// X font cursors for the core's cursor shapes, created on first use (or by `prepareAll`) and freed with
/// the cache.
@MainActor final class CursorCache {
    private let display: Display
    private var cursors: [Proscenium.Cursor: CX11.Cursor] = [:]

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        for cursor in cursors.values { XFreeCursor(display.pointer, cursor) }
    }

    /// How many shapes have their cursor made.
    var count: Int { cursors.count }

    /// Makes the cursor of every shape not made yet. A process's first cursor loads the cursor theme
    /// (Xlib opens libXcursor and searches the theme's folders: some 0.5 ms, the next cursor 0.05 ms):
    /// the host calls this once its window is quiet, so the first hover over a control, usually on the
    /// way to the press that starts a transition, does not pay for it in that transition's first frame.
    func prepareAll() {
        for shape in Proscenium.Cursor.allCases { _ = cursor(for: shape) }
    }

    func cursor(for shape: Proscenium.Cursor) -> CX11.Cursor {
        if let cursor = cursors[shape] { return cursor }
        let glyph: Int32
        switch shape {
        case .arrow: glyph = XC_left_ptr
        case .pointingHand: glyph = XC_hand2
        case .text: glyph = XC_xterm
        }
        let cursor = XCreateFontCursor(display.pointer, UInt32(glyph))
        cursors[shape] = cursor
        return cursor
    }
}
