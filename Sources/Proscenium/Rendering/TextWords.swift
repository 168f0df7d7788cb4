/// Where words begin and end in text: the one rule a text field's word moves (Ctrl+Left, Ctrl+Backspace,
/// a double click) and a screen reader's reading by word share. Letters, digits and the underscore of
/// alphabetic scripts make words, as in GTK's word motion; hiragana and katakana make runs of their own;
/// each Han ideograph is a word by itself (with no dictionary, as Unicode's word rules leave them); an
/// apostrophe between letters ("don't") and a point or comma between digits ("3.14", "1,000") join the
/// word around them.
public enum TextWords {
    /// What kind of word a character belongs to.
    public enum Kind: Equatable, Sendable {
        /// Letters and digits of alphabetic scripts (Latin, Cyrillic, Greek…) and the underscore.
        case alphabetic
        /// The Japanese hiragana syllabary.
        case hiragana
        /// Japanese katakana, half-width ones included.
        case katakana
        /// A Han ideograph: a word by itself.
        case ideograph
    }

    /// The kind of word `character` belongs to on its own; nil between words.
    public static func kind(of character: Character) -> Kind? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x3040...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        default: break
        }
        if scalar.properties.isIdeographic { return .ideograph }
        return character.isLetter || character.isNumber || character == "_" ? .alphabetic : nil
    }

    /// The kind of word `characters[index]` belongs to where it stands: a joiner between the right
    /// neighbours joins their word.
    public static func kind(at index: Int, in characters: [Character]) -> Kind? {
        let character = characters[index]
        if let kind = kind(of: character) { return kind }
        guard index > 0, index + 1 < characters.count else { return nil }
        let before = characters[index - 1], after = characters[index + 1]
        // Between letters or digits of alphabetic scripts only: between ideographs (他说'好') or Han
        // numerals (一,二) they separate, as they do between words.
        guard kind(of: before) == .alphabetic, kind(of: after) == .alphabetic else { return nil }
        switch character {
        case "'", "’": return before.isLetter && after.isLetter ? .alphabetic : nil
        case ".", ",": return before.isNumber && after.isNumber ? .alphabetic : nil
        default: return nil
        }
    }

    /// Whether a word starts at `index` (0 < index < count): a word character after a non-word one, one
    /// of another kind, or an ideograph. False outside that range.
    public static func startsWord(at index: Int, in characters: [Character]) -> Bool {
        guard index > 0, index < characters.count, let kind = kind(at: index, in: characters) else { return false }
        return kind == .ideograph || kind != self.kind(at: index - 1, in: characters)
    }

    /// Whether a word ends at `index` (0 < index < count), just before `characters[index]`. False outside
    /// that range.
    public static func endsWord(at index: Int, in characters: [Character]) -> Bool {
        guard index > 0, index < characters.count, let kind = kind(at: index - 1, in: characters) else { return false }
        return kind == .ideograph || kind != self.kind(at: index, in: characters)
    }
}
