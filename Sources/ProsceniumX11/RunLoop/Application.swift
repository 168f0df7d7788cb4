import Glibc
import Proscenium

/// Starts an app in one call, as `UIApplicationMain` does: opens the display, shows the root view
/// controller in a window paced by a 60 Hz `DispatchFrameClock`, and runs the Dispatch event loop.
@MainActor public enum Application {
    /// Shows `rootViewController` in a new window and runs until the window is closed (exit 0), another
    /// client destroys it (exit 1, see `WindowHost.onDestroyed`) or the X server goes away (exit 1).
    /// Without a reachable display it prints why and exits 1.
    ///
    /// SIGPIPE is ignored from then on: a write to a closed pipe or socket (a log reader that quit, a
    /// pasteboard peer gone) fails with `EPIPE` where the app can see it, instead of killing the process
    /// without a word.
    public static func run(_ rootViewController: ViewController,
                           configuration: WindowConfiguration = WindowConfiguration()) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let host = WindowHost(display: openDisplay(), configuration: configuration, clock: DispatchFrameClock())
        host.window.rootViewController = rootViewController
        // The default, spelled out: without its only window the app has nothing left to show.
        host.onDestroyed = { WindowHost.exitBecauseDestroyed() }
        EventLoop(host: host).run()
    }

    /// Ends the app with `status`, as `exit` does, once what it copied is safe: text the app owns on the
    /// clipboard is handed to the desktop's clipboard manager, if one runs, so it can still be pasted after
    /// the app has gone (waiting a second at most). A window host's default `onClose` ends the app this way.
    public static func exit(_ status: Int32) -> Never {
        for pasteboard in SelectionPasteboard.live.values.compactMap(\.pasteboard) {
            _ = pasteboard.handOverToClipboardManager()
        }
        Glibc.exit(status)
    }

    /// The display named `name` (nil: `DISPLAY`), or, when it cannot be opened, a one-line message on
    /// standard error naming the program and the reason, and exit status 1.
    public static func openDisplay(named name: String? = nil) -> Display {
        do {
            return try Display(name: name)
        } catch {
            Console.writeError("\(Console.programName): \(error)\n")
            Glibc.exit(1)
        }
    }
}
