/// Runs `work` on a thread of its own and waits for it without holding the main actor. The X tests share
/// the main actor in one process, and a pixel loop over a whole screenshot takes seconds in a debug build:
/// run there, it would starve the live tests' event loops and frame clocks meanwhile.
public func offMainActor<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await Task.detached(operation: work).value
}
