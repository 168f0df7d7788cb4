import Foundation

/// Runs `work` on a thread of its own and waits for it without holding the caller's actor or a thread of
/// the cooperative pool: the X tests share the main actor in one process, and a pixel loop over a whole
/// screenshot takes a second or more in a debug build, which would hold up every other test's frames,
/// events and waits meanwhile; the pool has as few threads as the machine has cores. The thread is started
/// from the caller's actor (`nonisolated(nonsending)`), so not even that waits for the pool.
nonisolated(nonsending) package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.name = "proscenium-own-thread"
        // Images decoded on the way (PNG) may want more than a default 512 KiB of stack.
        thread.stackSize = 1 << 22
        thread.start()
    }
}
