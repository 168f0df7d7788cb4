extension View {
    /// What the view measures its text with: its window's measurer (the fonts of the display the window
    /// is on), or `TextLayout.measurer` while it is in no window. Pass it to `TextLayout.make`.
    public var textMeasurer: any TextMeasuring {
        window?.surface?.textMeasurer ?? TextLayout.measurer
    }
}
