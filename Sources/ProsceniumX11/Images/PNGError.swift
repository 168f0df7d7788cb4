/// Why reading an image (PNG or JPEG) or writing a PNG failed; the message names the file and says what to
/// do about it.
public enum PNGError: Error, CustomStringConvertible, Equatable {
    /// The file at `path` could not be written; nothing was left behind at that path.
    case cannotWrite(path: String, reason: String)
    /// The file system holding `directory` is full (or the user's quota there is used up); `detail` is the
    /// system's wording. Nothing was left behind.
    case noSpace(path: String, directory: String, detail: String)
    /// `directory` is on a file system mounted read-only.
    case readOnlyFileSystem(path: String, directory: String)
    /// The file at `path` could not be opened or decoded.
    case cannotRead(path: String, reason: String)
    /// The image cannot be stored as a PNG (for example, it has no pixels).
    case unsupportedImage(String)
    /// Encoding to or decoding from memory failed.
    case codecFailed(String)

    /// The message to show: what failed, and what to do about it.
    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write PNG to '\(path)': \(reason) — choose a writable directory"
        case let .noSpace(path, directory, detail):
            return "cannot write PNG to '\(path)': the disk holding '\(directory)' is full (\(detail)) — free some space there or choose another directory"
        case let .readOnlyFileSystem(path, directory):
            return "cannot write PNG to '\(path)': '\(directory)' is on a read-only file system — choose a directory on a writable one"
        case let .cannotRead(path, reason):
            return "cannot read image '\(path)': \(reason) — check that the file exists and is a PNG or JPEG image"
        case let .unsupportedImage(detail):
            return "cannot store this image as a PNG: \(detail)"
        case let .codecFailed(detail):
            return "image coding failed: \(detail)"
        }
    }
}
