extension View {
    /// What the view measures its text with: its window's measurer (the fonts of the display the window
    /// is on), or `TextLayout.measurer` while it is in no window. Pass it to `TextLayout.make`.
    public var textMeasurer: any TextMeasuring {
        window?.surface?.textMeasurer ?? TextLayout.measurer
    }

    /// What stands for the measurer `textMeasurer` answers, for a cache of text measured with it, found
    /// without asking for it: in a window shown on a surface, the window's `textMeasurerToken`, which
    /// changes whenever its surface or scale does; otherwise the measurer's identity. Labels check their
    /// layouts by it for every frame, and asking for the measurer itself goes through two weak references.
    var textMeasurerKey: TextMeasurerKey {
        if let window, window.textMeasurerToken != 0 {
            return TextMeasurerKey(token: window.textMeasurerToken, identity: nil)
        }
        return TextMeasurerKey(token: 0, identity: ObjectIdentifier(textMeasurer))
    }
}

/// What a cache of measured text is checked against: see `View.textMeasurerKey`.
struct TextMeasurerKey: Equatable {
    var token: UInt64
    var identity: ObjectIdentifier?
}
