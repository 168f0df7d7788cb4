/// The places copied text goes to and pasted text comes from, as X11 names them.
public enum PasteboardName: Sendable, Hashable {
    /// The clipboard: Copy and Cut put text there, Paste (Ctrl+V) reads it (X's `CLIPBOARD` selection).
    case clipboard
    /// The text selected last in any application, pasted with a middle click (X's `PRIMARY` selection).
    case primarySelection
}

/// Copies text to, and pastes text from, the system's clipboard and primary selection, as UIKit's
/// `UIPasteboard`. Reading is asynchronous because on X11 the text lives in the client that owns it.
@MainActor public protocol Pasteboard: AnyObject {
    /// Makes `string` what `name` holds (this app owns it until another copies); nil gives it up.
    func setString(_ string: String?, for name: PasteboardName)
    /// Reads the text `name` holds, from this app or another one, and calls `completion` with it (nil if
    /// it holds none, or no text, or its owner did not answer in time). Never calls `completion` inline.
    func readString(from name: PasteboardName, completion: @escaping @MainActor (String?) -> Void)
}

/// A pasteboard that keeps its text in memory, shared by this process only: the window's pasteboard until
/// a backend installs the system's, and a test double.
@MainActor public final class MemoryPasteboard: Pasteboard {
    private var strings: [PasteboardName: String] = [:]

    /// A pasteboard holding no text yet: the window's until a backend installs the system's, or a test's own.
    public init() {}

    public func setString(_ string: String?, for name: PasteboardName) {
        strings[name] = string
    }

    /// Calls `completion` on the main queue's next turn, as a system pasteboard's answer would arrive.
    public func readString(from name: PasteboardName, completion: @escaping @MainActor (String?) -> Void) {
        let string = strings[name]
        Task { @MainActor in completion(string) }
    }

    /// What `name` holds now, read synchronously (for tests).
    public func string(for name: PasteboardName) -> String? { strings[name] }
}
