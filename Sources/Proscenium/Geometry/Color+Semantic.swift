/// UIKit's semantic colours: each resolves to its light or dark value with the appearance of the view
/// that draws it, so a screen built from them follows the desktop's dark style without code of its own.
extension Color {
    private static func rgb(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> Color {
        Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    // MARK: - Text

    /// Primary text: black in the light appearance, white in the dark one.
    public static let label = Color(light: .black, dark: .white)
    /// Secondary text (a subtitle, a cell's detail), a translucent grey over either background.
    public static let secondaryLabel = Color(light: rgb(60, 60, 67, 0.6), dark: rgb(235, 235, 245, 0.6))
    /// Tertiary text, fainter than `secondaryLabel`.
    public static let tertiaryLabel = Color(light: rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3))
    /// A text field's placeholder.
    public static let placeholderText = Color(light: rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3))
    /// Links and tinted text.
    public static let link = Color(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0984FF))

    // MARK: - Backgrounds

    /// A screen's background: white in the light appearance, black in the dark one.
    public static let systemBackground = Color(light: .white, dark: .black)
    /// Content layered over `systemBackground`: a grouped card, a text field's well.
    public static let secondarySystemBackground = Color(light: Color(hex: 0xF2F2F7), dark: Color(hex: 0x1C1C1E))
    /// Content layered over `secondarySystemBackground`.
    public static let tertiarySystemBackground = Color(light: .white, dark: Color(hex: 0x2C2C2E))
    /// A grouped list's background, behind its cards.
    public static let systemGroupedBackground = Color(light: Color(hex: 0xF2F2F7), dark: .black)
    /// A card of a grouped list, over `systemGroupedBackground`.
    public static let secondarySystemGroupedBackground = Color(light: .white, dark: Color(hex: 0x1C1C1E))

    // MARK: - Lines and fills

    /// A thin line between pieces of content, letting some of what lies under it through.
    public static let separator = Color(light: rgb(60, 60, 67, 0.29), dark: rgb(84, 84, 88, 0.6))
    /// A separator that hides what lies under it.
    public static let opaqueSeparator = Color(light: Color(hex: 0xC6C6C8), dark: Color(hex: 0x38383A))
    /// A thin, translucent fill for small shapes (a slider's track, a switch's off track).
    public static let systemFill = Color(light: rgb(120, 120, 128, 0.2), dark: rgb(120, 120, 128, 0.36))
    /// A fill for medium shapes, fainter than `systemFill`.
    public static let secondarySystemFill = Color(light: rgb(120, 120, 128, 0.16), dark: rgb(120, 120, 128, 0.32))

    // MARK: - Tints

    /// UIKit's blue, #007AFF (#0A84FF in the dark appearance); the default button tint.
    public static let systemBlue = Color(light: Color(hex: 0x007AFF), dark: Color(hex: 0x0A84FF))
    /// UIKit's red, for destructive actions: #FF3B30 (#FF453A dark).
    public static let systemRed = Color(light: Color(hex: 0xFF3B30), dark: Color(hex: 0xFF453A))
    /// UIKit's green, a switch's on track: #34C759 (#30D158 dark).
    public static let systemGreen = Color(light: Color(hex: 0x34C759), dark: Color(hex: 0x30D158))
    /// UIKit's orange: #FF9500 (#FF9F0A dark).
    public static let systemOrange = Color(light: Color(hex: 0xFF9500), dark: Color(hex: 0xFF9F0A))
    /// UIKit's mid grey, #8E8E93 in both appearances.
    public static let systemGray = Color(hex: 0x8E8E93)
    /// A grey a step lighter than `systemGray` (darker in the dark appearance).
    public static let systemGray2 = Color(light: Color(hex: 0xAEAEB2), dark: Color(hex: 0x636366))
    /// A grey two steps from `systemGray`.
    public static let systemGray3 = Color(light: Color(hex: 0xC7C7CC), dark: Color(hex: 0x48484A))
    /// A grey three steps from `systemGray`.
    public static let systemGray4 = Color(light: Color(hex: 0xD1D1D6), dark: Color(hex: 0x3A3A3C))
    // MARK: - The toolkit's own

    /// What presented chrome is filled with (an alert, a popover's arrow): UIKit's `systemBackground` at
    /// the elevated level, white, or #1C1C1E over the dark appearance's black.
    static let elevatedBackground = Color(light: .white, dark: Color(hex: 0x1C1C1E))
    /// The well of a segmented control or a stepper.
    static let controlWell = Color(light: Color(hex: 0xEEEEEF), dark: Color(hex: 0x2C2C2E))
    /// Black at `alpha` in the light appearance, white at `alpha` in the dark one: a faded label.
    static func fadedLabel(_ alpha: Double) -> Color {
        Color(light: Color(white: 0, alpha: alpha), dark: Color(white: 1, alpha: alpha))
    }

    /// A grey four steps from `systemGray`.
    public static let systemGray5 = Color(light: Color(hex: 0xE5E5EA), dark: Color(hex: 0x2C2C2E))
    /// The grey nearest the background.
    public static let systemGray6 = Color(light: Color(hex: 0xF2F2F7), dark: Color(hex: 0x1C1C1E))
}
