import Dispatch

extension DispatchQueue {
    /// A serial queue of its own for work off the main thread (decoding, a blocking lookup), where
    /// `DispatchQueue.global()` would do on Apple's platforms.
    ///
    /// On Linux the first use of a global queue starts libdispatch's watch over its thread pool, a timer
    /// that wakes the process every second for the rest of its life: an idle app would never be idle.
    /// A queue made here runs on a thread of its own and leaves no timer behind.
    static func background(_ purpose: String, qos: DispatchQoS) -> DispatchQueue {
        DispatchQueue(label: "proscenium.\(purpose)", qos: qos)
    }
}
