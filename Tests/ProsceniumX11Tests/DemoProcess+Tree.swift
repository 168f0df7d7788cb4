import Foundation
import Proscenium
import TestSupport

extension DemoProcess {
    /// The `frame` of the view with `id` in the last `tree` event, in window points.
    func frame(of id: String) -> Rect? {
        guard let tree = events("tree").last, let views = tree["views"] as? [[String: Any]],
              let view = views.first(where: { $0["id"] as? String == id }),
              let f = view["frame"] as? [Double], f.count == 4 else { return nil }
        return Rect(x: f[0], y: f[1], width: f[2], height: f[3])
    }
}

/// Polls `condition` every 20 ms without blocking the main actor, failing after `timeout` seconds: for a
/// demo running in a process of its own, whose events arrive on their own.
@MainActor func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { throw FixtureError.timeout(what) }
        try await Task.sleep(for: .milliseconds(20))
    }
}
