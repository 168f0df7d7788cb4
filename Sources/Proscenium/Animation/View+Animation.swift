extension View {
    /// Called after a model value changed; inside an animation block this starts an animation from the
    /// value on screen to the new model value.
    func animatablePropertyDidChange(_ property: AnimatableProperty, from old: LayerProperties) {}

    /// True while the view animates without `.allowUserInteraction`; such a view refuses hits.
    var refusesHitsWhileAnimating: Bool { false }
}
