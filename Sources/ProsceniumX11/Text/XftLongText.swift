import CX11

/// Lines too long for Xft's 16-bit coordinates. Xft reports a run's advance in `XGlyphInfo.xOff`, a `short`,
/// and places glyphs with 16-bit offsets, so a line more than 32,767 pixels long (a pasted token in a text
/// field) measures negative and draws in the wrong places. Such a line is measured and drawn in pieces of
/// whole characters, each short enough in its font: as many bytes as keep the font's widest advance per
/// byte within 16 bits (a character, even one of many scalars, is at least a byte wide per glyph). Xft
/// neither kerns nor shapes across characters, so the pieces' advances add up to the line's and put every
/// glyph where one run would. A character longer than a piece on its own (a letter under thousands of
/// marks) goes in pieces of its scalars.
enum XftLongText {
    /// The most pixels a piece may reach at the font's widest advance per byte.
    static let pieceReach = 30_000

    /// Whether `text` may run past 16 bits in `font`: each of its characters is at least a byte and at most
    /// the font's widest advance (most text stays far below and is measured in one run).
    static func isLong(_ text: String, in font: UnsafeMutablePointer<XftFont>) -> Bool {
        text.utf8.count * max(Int(font.pointee.max_advance_width), 1) > pieceReach
    }

    /// `text` cut into pieces of whole characters, as UTF-8, each at most as many bytes as keep it within
    /// 16 bits in `font`.
    static func pieces(of text: String, in font: UnsafeMutablePointer<XftFont>) -> [[UInt8]] {
        let budget = max(4, pieceReach / max(Int(font.pointee.max_advance_width), 1))
        var pieces: [[UInt8]] = []
        var piece: [UInt8] = []
        func add(_ bytes: some Collection<UInt8>) {
            if piece.count + bytes.count > budget, !piece.isEmpty {
                pieces.append(piece)
                piece.removeAll(keepingCapacity: true)
            }
            piece.append(contentsOf: bytes)
        }
        for character in text {
            if character.utf8.count <= budget {
                add(character.utf8)
            } else {
                for scalar in character.unicodeScalars { add(String(scalar).utf8) }
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// The advance of one piece in `font`, in pixels.
    static func advance(of piece: [UInt8], font: UnsafeMutablePointer<XftFont>, on display: OpaquePointer) -> Int {
        var extents = XGlyphInfo()
        XftTextExtentsUtf8(display, font, piece, Int32(piece.count), &extents)
        return Int(extents.xOff)
    }

    /// The advance of the whole of `text`, piece by piece.
    static func advance(of text: String, font: UnsafeMutablePointer<XftFont>, on display: OpaquePointer) -> Int {
        pieces(of: text, in: font).reduce(0) { $0 + advance(of: $1, font: font, on: display) }
    }

    /// Draws `text` with its origin at (`x`, `y`) on `picture`, only the pieces that reach horizontally
    /// into `visible` (with a margin for glyphs that overhang their advance).
    static func draw(_ text: String, font: UnsafeMutablePointer<XftFont>, on display: OpaquePointer, op: Int32, source: Picture,
                     onto picture: Picture, x: Int, y: Int32, visible: ClosedRange<Int>) {
        let margin = Int(font.pointee.max_advance_width) + Int(font.pointee.height)
        var left = x
        for piece in pieces(of: text, in: font) {
            let advance = advance(of: piece, font: font, on: display)
            defer { left += advance }
            guard left + advance + margin >= visible.lowerBound, left - margin <= visible.upperBound else { continue }
            XftTextRenderUtf8(display, op, source, font, picture, 0, 0, Int32(left), y, piece, Int32(piece.count))
        }
    }
}
