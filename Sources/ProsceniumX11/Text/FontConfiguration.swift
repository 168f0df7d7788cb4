import CX11
import Dispatch

/// Loads fontconfig's configuration on another thread while a display opens and its first window is made,
/// so that the first font match does not parse it on the main thread.
///
/// The first match makes fontconfig parse every `fonts.conf` and `conf.d` file and read its caches, the
/// larger part of a first frame's work. Loaded on another core while the main thread creates the window
/// and builds its views, it is ready, or nearly, when the first label asks for a font. It is the
/// configuration fontconfig would load itself, user settings included.
enum FontConfiguration {
    private static let loading: DispatchGroup = {
        let group = DispatchGroup()
        DispatchQueue.background("fontconfig", qos: .userInitiated).async(group: group) { _ = FcInit() }
        return group
    }()

    /// Starts loading the configuration, once per process; returns at once.
    static func startLoading() {
        _ = loading
    }

    /// Returns once the configuration is loaded (loading it first if nothing started it): fontconfig
    /// calls made before that would load a second copy of it alongside the first.
    static func waitUntilLoaded() {
        loading.wait()
    }
}
