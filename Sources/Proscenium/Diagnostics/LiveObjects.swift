import Synchronization

/// How many of the toolkit's objects are alive right now, for leak checks: a soak test compares them
/// with what the home screen alone holds. Counting costs an uncontended lock per object made or freed.
public enum LiveObjects {
    /// The kinds of object counted.
    public enum Kind: String, CaseIterable, Sendable {
        /// Views of every class, in a window or not, so views a dismissed controller left behind show up.
        case view
        /// View controllers, presented, contained or only held: one left over means a controller was kept.
        case viewController
        /// Presentation controllers, with those an adaptation replaced: each should go with its presentation.
        case presentationController
        /// The window's records of presentations on screen.
        case presentation
        /// Transition contexts of transitions in flight.
        case transitionContext
        /// Running view animations.
        case animation
        /// Property animators, running, paused or only held: one that outlives its transition is a leak.
        case propertyAnimator
    }

    /// The count for every kind.
    public static var counts: [Kind: Int] {
        Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, count(of: $0)) })
    }

    /// The number of live objects of `kind`.
    public static func count(of kind: Kind) -> Int {
        counters.withLock { $0[index(of: kind)] }
    }

    static func created(_ kind: Kind) {
        counters.withLock { $0[index(of: kind)] += 1 }
    }

    static func freed(_ kind: Kind) {
        counters.withLock { $0[index(of: kind)] -= 1 }
    }

    private static func index(of kind: Kind) -> Int {
        switch kind {
        case .view: 0
        case .viewController: 1
        case .presentationController: 2
        case .presentation: 3
        case .transitionContext: 4
        case .animation: 5
        case .propertyAnimator: 6
        }
    }

    /// Deinitializers run on any thread, so the counts sit behind a lock rather than the main actor.
    private static let counters = Mutex([Int](repeating: 0, count: Kind.allCases.count))
}
