/// Which baseline of a view's text: the first line's or the last line's.
enum Baseline {
    case first
    case last
}

/// Where a view's text sits, for rows aligned `.firstBaseline` or `.lastBaseline`: a view's baseline is
/// that of the view its `forFirstBaselineLayout` (or `forLastBaselineLayout`) names; a label, a text field,
/// a button and a stack know theirs at any size, and a view with no text has its bottom edge, as in UIKit.
extension View {
    /// The view named for `baseline`: `forFirstBaselineLayout` or `forLastBaselineLayout`.
    func view(for baseline: Baseline) -> View {
        baseline == .first ? forFirstBaselineLayout : forLastBaselineLayout
    }

    /// The baseline of the view named for `baseline`, where this view's current layout puts it; the bottom
    /// of a view `size` big when it names itself (or a view not inside it).
    func baselineOffsetThroughLayout(_ baseline: Baseline, in size: Size) -> Double {
        let named = view(for: baseline)
        guard named !== self, named.isDescendant(of: self) else { return size.height }
        let inside = named.baselineOffset(baseline, in: named.bounds.size)
        return named.convert(Point(x: named.bounds.minX, y: named.bounds.minY + inside), to: self).y - bounds.minY
    }
}
