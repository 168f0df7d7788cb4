import CX11
import Proscenium

/// X font cursors for the core's cursor shapes, created on first use and freed with the cache.
@MainActor final class CursorCache {
    private let display: Display
    private var cursors: [Proscenium.Cursor: CX11.Cursor] = [:]

    init(display: Display) {
        self.display = display
    }

    isolated deinit {
        for cursor in cursors.values { XFreeCursor(display.pointer, cursor) }
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
