import CX11
import Proscenium

/// Solid-colour source pictures (`XRenderCreateSolidFill`), one per colour, for text, shadows and group
/// alpha masks. Frees them all when it grows past `capacity`, and in deinit.
@MainActor final class SolidFillCache {
    private let display: Display
    private var pictures: [Color: Picture] = [:]
    /// The colour asked for last and its picture.
    private var last: (color: Color, picture: Picture)?
    private let capacity: Int

    init(display: Display, capacity: Int = 256) {
        self.display = display
        self.capacity = capacity
    }

    isolated deinit {
        removeAll()
    }

    /// The solid picture for `color` (straight alpha; premultiplied here).
    func picture(for color: Color) -> Picture {
        // A frame's fills and texts come in runs of one colour: the last answer is checked before hashing.
        if let last, last.color == color { return last.picture }
        if let picture = pictures[color] {
            last = (color, picture)
            return picture
        }
        if pictures.count >= capacity { removeAll() }
        var xColor = XRenderColor(premultiplying: color)
        let picture = XRenderCreateSolidFill(display.pointer, &xColor)
        pictures[color] = picture
        last = (color, picture)
        return picture
    }

    /// A picture whose alpha is `alpha` everywhere, used as the mask that fades a group.
    func alphaMask(_ alpha: Double) -> Picture {
        picture(for: Color(white: 0, alpha: alpha))
    }

    /// Frees every solid picture.
    func removeAll() {
        for picture in pictures.values { XRenderFreePicture(display.pointer, picture) }
        pictures.removeAll()
        last = nil
    }
}
