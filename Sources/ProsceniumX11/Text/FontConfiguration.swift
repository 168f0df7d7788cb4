import CX11
import Dispatch
import Glibc

/// Loads fontconfig's configuration on another thread while a display opens and its first window is made,
/// so that the first font match does not parse it on the main thread.
///
/// The first match makes fontconfig parse every `fonts.conf` and `conf.d` file and read its caches, the
/// larger part of a first frame's work. Loaded on another core while the main thread creates the window
/// and builds its views, it is ready, or nearly, when the first label asks for a font. It is the
/// configuration fontconfig would load itself, user settings included.
enum FontConfiguration {
    private static let loaded = DispatchGroup()
    /// A thread of its own that ends once the configuration is loaded, not a Dispatch queue's: a queue's
    /// thread would linger idle for seconds and end in the middle of the app's idle time, where the
    /// kernel's accounting of its end can show as a tick of CPU in a process that is doing nothing.
    private static let loading: Void = {
        loaded.enter()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            _ = FcInit()
            FontConfiguration.loaded.leave()
            return nil
        }, nil)
        if started == 0 {
            pthread_detach(thread)
        } else {
            loaded.leave()  // the first match loads it, as fontconfig does by itself
        }
    }()

    /// Starts loading the configuration, once per process; returns at once.
    static func startLoading() {
        _ = loading
    }

    /// Returns once the configuration is loaded (loading it first if nothing started it): fontconfig
    /// calls made before that would load a second copy of it alongside the first.
    static func waitUntilLoaded() {
        _ = loading
        loaded.wait()
    }
}
