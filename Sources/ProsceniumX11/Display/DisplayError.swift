/// Why talking to the X server failed, with a message that says what to do about it.
public enum DisplayError: Error, CustomStringConvertible, Equatable {
    /// `DISPLAY` is unset and no display name was given.
    case noDisplayName
    /// The server named could not be reached.
    case cannotOpen(name: String)
    /// The server lacks an extension the toolkit needs.
    case missingExtension(String)
    /// The server has no visual the renderer can draw with.
    case unsupportedVisual(String)

    public var description: String {
        switch self {
        case .noDisplayName:
            return "cannot open X display: DISPLAY is not set — is an X server running? set DISPLAY or run under Xvfb"
        case .cannotOpen(let name):
            return "cannot open X display '\(name)' — is an X server running? set DISPLAY or run under Xvfb"
        case .missingExtension(let name):
            return "the X server lacks the \(name) extension, which Proscenium needs — use Xorg or Xvfb with \(name) enabled"
        case .unsupportedVisual(let detail):
            return "no usable visual on the X server: \(detail) — use a TrueColor screen of depth 16, 24 or 32"
        }
    }
}
