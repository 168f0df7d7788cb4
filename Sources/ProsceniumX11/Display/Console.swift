import Glibc

/// Unbuffered writes to standard output and standard error, safe from any thread and from Xlib's error
/// handlers (C's `stdout`/`stderr` globals are not concurrency-safe in Swift 6).
public enum Console {
    /// The name the program was started as, without its directory, such as "proscenium-demo": the prefix
    /// of every message the toolkit prints, so a script can tell whose message it is.
    public static let programName: String = {
        let path = CommandLine.arguments.first ?? "proscenium"
        return path.split(separator: "/").last.map(String.init) ?? path
    }()

    /// Writes `text` to standard error at once.
    public static func writeError(_ text: String) {
        write(text, to: 2)
    }

    /// Writes `text` to standard output at once, so a reading process sees each line as it happens.
    public static func writeOutput(_ text: String) {
        write(text, to: 1)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
