import CX11
import Proscenium

/// What fontconfig matched for each family and weight on a display, whatever the size.
///
/// Opening a font by name runs fontconfig's rules and scores every installed font (milliseconds a font,
/// most of a window's first frame and of the frame that first shows a new text style), yet the face it
/// finds for one size of a family is the face for every size. So the match is made once per family and
/// weight, and each size opens from a copy of it with only the pixel size changed. The text measurer's and
/// the renderer's fonts share it, and Xft finds the second opening of a size in its own cache.
@MainActor final class FontMatchCache {
    private struct Key: Hashable {
        var family: String
        var weight: Proscenium.Font.Weight
        /// Nil for a scalable face, whose match serves every size; a bitmap face is matched per size.
        var size: Double?
    }

    /// Families whose match was a bitmap face: their sizes are matched one by one.
    private var bitmapFamilies: Set<Key> = []

    /// Matched patterns, owned here.
    private var matches: [Key: OpaquePointer] = [:]
    /// Matches made so far (a cache miss each); tests read it.
    private(set) var matched = 0

    isolated deinit {
        for pattern in matches.values { FcPatternDestroy(pattern) }
    }

    /// Opens `font` (its size already quantised) on `dpy`, matching its family and weight on first use;
    /// nil when fontconfig matches nothing or Xft cannot open what it matched.
    func open(_ font: Proscenium.Font, on dpy: OpaquePointer, screen: Int32) -> UnsafeMutablePointer<XftFont>? {
        var key = Key(family: font.family, weight: font.weight, size: nil)
        if bitmapFamilies.contains(key) { key.size = font.size }
        let match: OpaquePointer
        if let known = matches[key] {
            match = known
        } else {
            FontConfiguration.waitUntilLoaded()
            guard let requested = XftNameParse(XftFontCache.pattern(for: font)) else { return nil }
            defer { FcPatternDestroy(requested) }
            var result = FcResultNoMatch
            guard let found = XftFontMatch(dpy, screen, requested, &result) else { return nil }
            matched += 1
            var scalable: FcBool = FcTrue
            if key.size == nil, FcPatternGetBool(found, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == FcFalse {
                // A bitmap strike is one size: this match is for this size only.
                bitmapFamilies.insert(key)
                key.size = font.size
            }
            matches[key] = found
            match = found
        }
        guard let pattern = FcPatternDuplicate(match) else { return nil }
        // Only the size differs from the match: the pixel size Xft renders at, and the point size derived
        // from the first one, which nothing after matching reads.
        FcPatternDel(pattern, FC_PIXEL_SIZE)
        FcPatternDel(pattern, FC_SIZE)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, font.size)
        // On success the font owns the pattern.
        guard let opened = XftFontOpenPattern(dpy, pattern) else {
            FcPatternDestroy(pattern)
            return nil
        }
        return opened
    }
}
