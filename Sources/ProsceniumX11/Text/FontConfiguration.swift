import CX11
import Dispatch

/// Fontconfig's configuration, loaded on a background thread from the moment a display opens.
///
/// The first font a process matches makes fontconfig parse every `fonts.conf` and `conf.d` file and read
/// its caches: about half of the instructions of the demo's first frame, all on the main thread, before
/// the first text can be measured. Loaded on another core while the main thread connects to the server,
/// creates the window and builds its views, it is ready, or nearly, when the first label asks for a font.
/// The configuration is the same one fontconfig would load itself, user settings included.
enum FontConfiguration {
    private static let loading: DispatchGroup = {
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) { _ = FcInit() }
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
