import ProsceniumTesting

/// Runs `work` on a thread of its own and waits for it without holding the main actor. The X tests share
/// the main actor in one process, and a pixel loop over a whole screenshot takes seconds in a debug build:
/// run there, it would starve the live tests' event loops and frame clocks meanwhile. Nor does it run on
/// the cooperative pool (two threads on a two-core machine), where it would hold up every other test's
/// async work, the tasks that wait for X servers and helper processes to end included.
nonisolated(nonsending) public func offMainActor<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await onOwnThread(work)
}
