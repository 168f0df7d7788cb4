/// One open animation block: records which view properties change inside it, and the value each showed
/// on screen before its first change. Blocks nest; the innermost decides.
@MainActor final class AnimationTransaction {
    /// What the block does with its changes.
    enum Mode {
        /// `View.animate`: one animation per changed property when the block closes.
        case animate(AnimationSpec)
        /// A property animator collects tracks.
        case animator
        /// `performWithoutAnimation`: changes apply at once.
        case disabled
    }

    /// One changed property: the view, which property, and the presentation before the first change.
    struct Change {
        let view: View
        let property: AnimatableProperty
        let before: LayerProperties
    }

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatableProperty
    }

    let mode: Mode
    private var changes: [Change?] = []
    private var index: [Key: Int] = [:]

    private init(mode: Mode) { self.mode = mode }

    // MARK: - The stack of open blocks

    private static var stack: [AnimationTransaction] = []

    /// The innermost open block, if any.
    static var current: AnimationTransaction? { stack.last }

    /// Runs `body` inside a new block and returns the changes it recorded, in order of first change.
    static func record(_ mode: Mode, _ body: () -> Void) -> [Change] {
        let transaction = AnimationTransaction(mode: mode)
        stack.append(transaction)
        body()
        stack.removeLast()
        return transaction.changes.compactMap { $0 }
    }

    // MARK: - Recording

    /// Whether changes in this block animate (rather than apply at once).
    var animates: Bool {
        if case .disabled = mode { return false }
        return true
    }

    /// Notes a change of `property` on `view`. The first change in a block keeps its `before`; a change an
    /// outer block recorded moves into this block, keeping the outer `before` (what was on screen when the
    /// outer block began), so the innermost block's parameters apply.
    func noteChange(of view: View, _ property: AnimatableProperty, before: LayerProperties) {
        let key = Key(view: ObjectIdentifier(view), property: property)
        guard index[key] == nil else { return }
        var earliest = before
        for outer in Self.stack where outer !== self {
            if let position = outer.index.removeValue(forKey: key), let change = outer.changes[position] {
                earliest = change.before
                outer.changes[position] = nil
            }
        }
        index[key] = changes.count
        changes.append(Change(view: view, property: property, before: earliest))
    }

    /// Drops any record of `property` on `view` from the open blocks: a change made without animation
    /// (inside `performWithoutAnimation`) wins over an earlier animated change in an outer block.
    static func forgetChange(of view: View, _ property: AnimatableProperty) {
        let key = Key(view: ObjectIdentifier(view), property: property)
        for transaction in stack {
            if let position = transaction.index.removeValue(forKey: key) { transaction.changes[position] = nil }
        }
    }
}

/// The parameters of one `View.animate` call.
struct AnimationSpec {
    let duration: Double
    let delay: Double
    let timing: TimingCurveProvider
    let options: AnimationOptions
}
