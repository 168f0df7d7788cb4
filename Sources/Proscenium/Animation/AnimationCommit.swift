/// Turns the changes recorded in a closed `View.animate` block into running animations, one per
/// (view, property), on the engine of each view's window.
@MainActor enum AnimationCommit {
    // MARK: - Committing a block

    /// Creates the animations for `changes` under `spec`, adding each to `group`. Views no longer in a
    /// window are skipped (their model values already apply). Under reduced motion, geometry jumps and
    /// views that jumped fade in; see `AnimationSettings.reduceMotion`.
    static func commit(_ changes: [AnimationTransaction.Change], spec: AnimationSpec, group: AnimationGroup) {
        let reduced = AnimationSettings.reduceMotion
        var jumped: [View] = []
        var alphaChanged = Set<ObjectIdentifier>()
        for change in changes {
            guard let window = change.view.window else { continue }
            let view = change.view, property = change.property
            let engine = window.animationEngine, now = window.clock.now
            let existing = engine.animation(for: view, property)

            // A delayed animation of a property that animates waits behind the running one, which goes
            // on; at the hand-off the engine replaces `from` and the carried velocity with the running
            // one's values at the new start time.
            let from: AnimationVector
            var carried = AnimationVector()
            if let existing {
                from = existing.sample(at: now).value
                carried = existing.velocity(at: now)
            } else {
                from = property.vector(in: change.before, colorFallback: view.model.backgroundColor, style: view.drawingStyle)
            }
            let to = property.nearest(property.vector(in: view.model, colorFallback: Color(animationVector: from), style: view.drawingStyle), from: from)
            if existing == nil && from == to { continue }
            if property == .alpha { alphaChanged.insert(ObjectIdentifier(view)) }

            var (timing, duration) = ResolvedTiming.resolve(spec.timing, requested: spec.duration)
            if reduced && property.isGeometric {
                (timing, duration) = (.curve(.linear), 0)
                if !jumped.contains(where: { $0 === view }) { jumped.append(view) }
            } else if reduced, case .spring = timing {
                (timing, duration) = (.curve(.easeInOut), AnimationSettings.crossFadeDuration)
            }
            if case .curve = timing { carried = AnimationVector() }

            let animation = RunningAnimation(
                view: view, property: property, from: from, to: to, startTime: now + spec.delay, duration: duration,
                driver: .timed(timing), group: group,
                allowsUserInteraction: spec.options.contains(.allowUserInteraction), carriedVelocity: carried)
            group.addMember()
            engine.add(animation, waitsForStart: spec.delay > 0)
        }
        for view in jumped where !alphaChanged.contains(ObjectIdentifier(view)) {
            fadeIn(view, spec: spec, group: group)
        }
    }

    // MARK: - Reduced motion

    /// The stand-in for a slide under reduced motion: the view fades in from transparent where it now
    /// is, over `AnimationSettings.crossFadeDuration`, starting when the jump happens.
    private static func fadeIn(_ view: View, spec: AnimationSpec, group: AnimationGroup) {
        guard let window = view.window, view.model.alpha > 0,
              window.animationEngine.animation(for: view, .alpha) == nil else { return }
        let now = window.clock.now
        let animation = RunningAnimation(
            view: view, property: .alpha, from: Double(0).animationVector, to: view.model.alpha.animationVector,
            startTime: now + spec.delay, duration: AnimationSettings.crossFadeDuration,
            driver: .timed(.curve(.easeInOut)), group: group,
            allowsUserInteraction: spec.options.contains(.allowUserInteraction), fillsBackwards: false)
        group.addMember()
        window.animationEngine.add(animation)
    }
}
