/// What a text field asks and tells the object that manages it, as UIKit's `UITextFieldDelegate`. Every
/// method is optional: the defaults allow everything and do nothing.
@MainActor public protocol TextFieldDelegate: AnyObject {
    /// Whether the field may start editing (become first responder); true by default.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// The field became first responder and shows its caret.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether the field may stop editing (give up first responder); true by default. The window can still
    /// take focus away without asking, as when the field leaves it. A context menu opened over the field
    /// does not end its editing, and is not asked about (see `TextField.isEditing`).
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// The field is no longer first responder, and no context menu over it holds its editing.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Whether a user edit (typing, deleting, cutting, pasting) may replace the characters in `range`
    /// (character offsets into `text`) with `string`; false vetoes it. Setting `text` in code is not asked.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
    /// The selection or the caret position changed.
    func textFieldDidChangeSelection(_ textField: TextField)
    /// Return was pressed: true (the default) lets the field send `.editingDidEndOnExit`, false keeps
    /// Return to the delegate. Resign the field here to end editing,
    /// as in UIKit.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Allows editing to begin.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Ignores the start of editing, so a delegate implements only the callbacks it needs.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Allows editing to end.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// Ignores the end of editing, so a delegate implements only the callbacks it needs.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows every change.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>,
                          replacementString string: String) -> Bool { true }
    /// Ignores selection changes, so a delegate implements only the callbacks it needs.
    public func textFieldDidChangeSelection(_ textField: TextField) {}
    /// Does nothing and answers true.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}

/// UIKit's text-field delegate gets the characters to change as an `NSRange` of UTF-16 offsets;
/// Proscenium's gets a `Range<Int>` of `Character` offsets into `text`. This stand-in for UIKit's type makes
/// a delegate method ported with UIKit's signature fail to compile, saying what to write, rather than
/// compile as a method nothing calls. A module that imports Foundation finds Foundation's `NSRange` first;
/// there only a conformance declared in an extension gets the compiler's "nearly matches" warning.
@available(*, unavailable, message: "text-field delegates take a Range<Int> of Character offsets: write textField(_:shouldChangeCharactersIn range: Range<Int>, replacementString:)")
public struct NSRange {}
