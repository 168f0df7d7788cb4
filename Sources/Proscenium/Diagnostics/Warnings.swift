import Glibc

/// Where the toolkit says that an app asked for something it will not do (presenting from a controller
/// that is being dismissed, say), as UIKit logs such requests instead of failing. By default one line on
/// standard error; tests and tools can catch them.
@MainActor public enum Warnings {
    /// Receives each warning; replace it to collect or silence them.
    public static var handler: @MainActor (String) -> Void = { message in
        let line = "Proscenium: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    static func warn(_ message: String) { handler(message) }
}
