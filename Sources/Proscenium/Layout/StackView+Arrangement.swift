/// The arithmetic of a stack view's layout: the sizes its distribution gives, and the places its alignment
/// makes, worked out from the arranged views' intrinsic sizes and priorities.
extension StackView {
    /// An arranged view as the layout sees it: its intrinsic length along the axis and across it
    /// (`View.noIntrinsicMetric` where it has none), and its priorities along the axis.
    struct Item {
        var view: View
        var length: Double
        var cross: Double
        var hugging: LayoutPriority
        var compression: LayoutPriority
        /// Whether the view has an intrinsic length along the axis; one without takes extra space first.
        var hasLength: Bool { length >= 0 }
    }

    /// The arranged views that are shown, measured. `crossLength`, the space across a column, is the width
    /// the ones whose height depends on it (wrapping labels) are measured at.
    func visibleItems(crossLength: Double?) -> [Item] {
        arrangedSubviews.compactMap { view in
            guard !view.isHidden else { return nil }
            let size = Self.sanitized(view.intrinsicContentSize, of: view)
            var length = axis == .horizontal ? size.width : size.height
            let cross = axis == .horizontal ? size.height : size.width
            if axis == .vertical, let crossLength {
                let width = crossAlignment == .fill || cross < 0 ? crossLength : min(cross, crossLength)
                if let height = view.intrinsicHeight(forWidth: max(0, width)), height.isFinite { length = height }
            }
            return Item(view: view, length: length, cross: cross, hugging: view.contentHuggingPriority(for: axis),
                        compression: view.contentCompressionResistancePriority(for: axis))
        }
    }

    /// Each shown arranged view's frame inside `rect` (bounds coordinates).
    func arrangement(in rect: Rect) -> [(View, Rect)] {
        let horizontal = axis == .horizontal
        let available = max(0, horizontal ? rect.width : rect.height)
        let crossAvailable = max(0, horizontal ? rect.height : rect.width)
        let items = visibleItems(crossLength: horizontal ? nil : crossAvailable)
        guard !items.isEmpty else { return [] }
        let count = Double(items.count)
        var between = self.gaps(between: items)
        let gaps = between.reduce(0, +)
        var lengths = items.map { max(0, $0.length) }
        var starts: [Double] = []
        switch distribution {
        case .fillEqually:
            lengths = Array(repeating: max(0, (available - gaps) / count), count: items.count)
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            let room = max(0, available - gaps)
            lengths = total > 0 ? lengths.map { $0 / total * room } : Array(repeating: room / count, count: items.count)
        case .fill:
            Self.share(available - gaps - lengths.reduce(0, +), among: items, lengths: &lengths)
        case .equalSpacing:
            let extra = available - gaps - lengths.reduce(0, +)
            // One view is pinned to both ends, as UIKit pins the first and the last: it fills the stack.
            if extra < 0 || items.count == 1 {
                Self.share(extra, among: items, lengths: &lengths)
            } else {
                between = between.map { $0 + extra / (count - 1) }
            }
        case .equalCentering:
            let extra = available - gaps - lengths.reduce(0, +)
            if extra < 0 || items.count == 1 { Self.share(extra, among: items, lengths: &lengths) }
            if items.count > 1 {
                // Centres equally far apart, the first view at the start and the last at the end, unless
                // that would bring two closer than `spacing`.
                var distance = (available - lengths[0] / 2 - lengths[items.count - 1] / 2) / (count - 1)
                for index in 0..<(items.count - 1) {
                    distance = max(distance, (lengths[index] + lengths[index + 1]) / 2 + between[index])
                }
                starts = lengths.indices.map { lengths[0] / 2 + Double($0) * distance - lengths[$0] / 2 }
            }
        }
        if starts.isEmpty {
            var position = 0.0
            for index in lengths.indices {
                starts.append(position)
                position += lengths[index] + (index < between.count ? between[index] : 0)
            }
        }
        let alignment = crossAlignment
        let crossSizes = items.indices.map { index in
            let item = items[index]
            var crossSize = crossAvailable
            if alignment != .fill {
                var natural = item.cross
                // A row's wrapping view is as tall as its text at the width it was given.
                if horizontal, let height = item.view.intrinsicHeight(forWidth: lengths[index]), height.isFinite { natural = height }
                if natural >= 0 { crossSize = min(natural, crossAvailable) }
            }
            return crossSize
        }
        // Lined up on a baseline: each view as far below the highest baseline as its own lies below its top.
        var baselines: [Double] = []
        if let baseline = rowBaseline {
            baselines = items.indices.map { index in
                guard crossSizes[index].isFinite else { return 0 }
                return items[index].view.baselineOffset(baseline, in: Size(width: lengths[index], height: crossSizes[index]))
            }
        }
        let highest = baselines.max() ?? 0
        return items.indices.map { index in
            let item = items[index]
            let crossSize = crossSizes[index]
            let crossStart: Double
            switch alignment {
            case .fill, .leading: crossStart = 0
            case .center: crossStart = (crossAvailable - crossSize) / 2
            case .trailing: crossStart = crossAvailable - crossSize
            case .firstBaseline, .lastBaseline: crossStart = highest - baselines[index]
            }
            let frame = horizontal
                ? Rect(x: rect.minX + starts[index], y: rect.minY + crossStart, width: lengths[index], height: crossSize)
                : Rect(x: rect.minX + crossStart, y: rect.minY + starts[index], width: crossSize, height: lengths[index])
            return (item.view, frame)
        }
    }

    /// The alignment the views are placed by: a column places them as `.fill` for a baseline alignment,
    /// which only a row can line up.
    var crossAlignment: Alignment {
        axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline) ? .fill : alignment
    }

    /// The baseline a row lines its views up on; nil for a column or another alignment.
    var rowBaseline: Baseline? {
        guard axis == .horizontal else { return nil }
        switch alignment {
        case .firstBaseline: return .first
        case .lastBaseline: return .last
        default: return nil
        }
    }

    /// The arranged view a stack's `baseline` is taken from, among the views laid out in `frames`: a
    /// column's first (or last), a row's tallest (the first of equals).
    static func baselineFrame(_ baseline: Baseline, of frames: [(View, Rect)], axis: LayoutAxis) -> (View, Rect)? {
        guard axis == .horizontal else { return baseline == .first ? frames.first : frames.last }
        return frames.reduce(nil) { tallest, next in
            guard let tallest else { return next }
            return next.1.height > tallest.1.height ? next : tallest
        }
    }

    /// The arranged view a stack's `baseline` is taken from, where the stack's last layout put it.
    func baselineView(_ baseline: Baseline) -> View? {
        let shown = arrangedSubviews.filter { !$0.isHidden }.map { ($0, $0.frame) }
        return Self.baselineFrame(baseline, of: shown, axis: axis)?.0
    }

    /// The length `items` need along the axis at their intrinsic lengths with the gaps: the widest times
    /// their number when they are made equal, and enough for equally spaced centres with `.equalCentering`.
    func naturalLength(of items: [Item]) -> Double {
        let lengths = items.map { max(0, $0.length) }
        let between = gaps(between: items)
        switch distribution {
        case .fillEqually:
            return (lengths.max() ?? 0) * Double(items.count) + between.reduce(0, +)
        case .equalCentering where items.count > 1:
            let distance = lengths.indices.dropLast().map { (lengths[$0] + lengths[$0 + 1]) / 2 + between[$0] }.max() ?? 0
            return lengths[0] / 2 + lengths[lengths.count - 1] / 2 + Double(items.count - 1) * distance
        default:
            return lengths.reduce(0, +) + between.reduce(0, +)
        }
    }

    /// The gaps between neighbouring `items`: each one's custom spacing after it, else `spacing`.
    func gaps(between items: [Item]) -> [Double] {
        items.dropLast().map { customSpacing(after: $0.view) }
    }

    /// Shares `extra` points (negative: points missing) out among the items' `lengths`, as `.fill` does:
    /// space to the views that hug least (views without an intrinsic length first), equally; missing space
    /// from those that resist compression least, in proportion to their lengths, then from the next least.
    static func share(_ extra: Double, among items: [Item], lengths: inout [Double]) {
        if extra > 0 {
            let flexible = items.indices.filter { !items[$0].hasLength }
            let takers: [Int]
            if !flexible.isEmpty {
                takers = flexible
            } else {
                let lowest = items.map(\.hugging).min()!
                takers = items.indices.filter { items[$0].hugging == lowest }
            }
            for index in takers { lengths[index] += extra / Double(takers.count) }
        } else if extra < 0 {
            var missing = -extra
            for priority in Set(items.map(\.compression)).sorted() where missing > 0 {
                let group = items.indices.filter { items[$0].compression == priority && lengths[$0] > 0 }
                let total = group.reduce(0) { $0 + lengths[$1] }
                guard total > 0 else { continue }
                let taken = min(missing, total)
                for index in group { lengths[index] -= taken * lengths[index] / total }
                missing -= taken
            }
        }
    }

    /// `size` with a dimension that is not a length (NaN, infinite) read as none, with a warning each time
    /// it is measured.
    static func sanitized(_ size: Size, of view: View) -> Size {
        guard !size.width.isFinite || !size.height.isFinite else { return size }
        Warnings.warn("\(type(of: view)).intrinsicContentSize \(size) is not a size; laying it out as having none")
        return Size(width: size.width.isFinite ? size.width : View.noIntrinsicMetric,
                    height: size.height.isFinite ? size.height : View.noIntrinsicMetric)
    }
}
