/// Notes the parameters of the first `View.animate` call made while a block runs, so a transition whose
/// animator uses `View.animate` can run its alongside animations with the same duration and timing (the
/// "same animation context" UIKit promises).
@MainActor enum AnimationSpecCapture {
    private static var open: [AnimationSpec?] = []

    /// Runs `body` and returns the spec of the first animation block it committed, if any.
    static func capture(_ body: () -> Void) -> AnimationSpec? {
        open.append(nil)
        body()
        return open.removeLast()
    }

    /// Called by `View.animate` for each block it commits.
    static func note(_ spec: AnimationSpec) {
        guard let last = open.indices.last, open[last] == nil else { return }
        open[last] = spec
    }
}
