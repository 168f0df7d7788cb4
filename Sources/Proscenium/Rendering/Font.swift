/// A font request: family, size in pixels and weight. The backend resolves it (Xft and fontconfig on X11).
public struct Font: Hashable, Sendable {
    /// Font weights, named as UIKit's `UIFont.Weight`.
    public enum Weight: Int, Sendable, Hashable, Comparable {
        /// Body text (400).
        case regular = 400
        /// A little heavier (500).
        case medium = 500
        /// Headings and buttons (600).
        case semibold = 600
        /// Titles and strong emphasis (700), the heaviest weight here.
        case bold = 700

        /// Orders weights from light to heavy by their numeric value.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The fontconfig family name, such as "DejaVu Sans".
    public var family: String
    /// The em size in pixels (a point is a pixel here).
    public var size: Double
    /// How heavy the strokes are; regular by default.
    public var weight: Weight

    /// A font of `family` (DejaVu Sans by default) at `size` pixels and `weight`.
    public init(family: String = Font.defaultFamily, size: Double, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// DejaVu Sans: present on every Debian machine through fonts-dejavu-core.
    public static let defaultFamily = "DejaVu Sans"

    /// The default family at `size` and `weight`, as `UIFont.systemFont(ofSize:weight:)`.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }
}

/// Horizontal alignment of text lines in their box.
public enum TextAlignment: Sendable, Hashable {
    /// Lines start at the left edge.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right edge.
    case right
}
