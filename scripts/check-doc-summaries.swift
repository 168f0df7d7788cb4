// Reads the symbol graphs DocC was built from and prints every documentation comment whose summary says
// nothing: fewer than three words once articles and punctuation are left out ("Itself.", "What happened.",
// "The moving mass."), or only the words of the symbol's own name and the types around it ("The corner
// radius of the sheet." on `BottomSheetPresentationController.cornerRadius`). A coverage report counts
// such a comment as documentation; a reader learns nothing from it. Run by scripts/check-doc-coverage.sh:
//   swift scripts/check-doc-summaries.swift <module> <symbol graph>...
// Exits with 1 when it printed anything.
import Foundation

struct SymbolGraph: Decodable {
    struct Position: Decodable { let line: Int }
    struct Location: Decodable {
        let uri: String
        let position: Position
    }
    struct Line: Decodable {
        struct Range: Decodable { let start: Position; let end: Position }
        let text: String
        let range: Range?
    }
    struct DocComment: Decodable {
        let uri: String?
        let module: String?
        let lines: [Line]
    }
    struct Symbol: Decodable {
        let pathComponents: [String]
        let docComment: DocComment?
        let location: Location?
    }
    let symbols: [Symbol]
}

/// Words that carry no meaning of their own: left out when counting a summary's words.
let articles: Set<String> = ["a", "an", "the"]
/// Words that only glue a name's words together ("the style *of* the presentation"): a summary made of
/// these and the name's words repeats the name.
let glue: Set<String> = articles.union(["of", "for", "to", "in", "on", "at", "by", "per", "with", "from",
                                        "its", "their", "is", "are", "be", "whether", "and"])

/// The summary DocC shows: the first sentence of the first paragraph (a list, a code block or a heading
/// ends the paragraph). A code span counts as one word, so its dots never end the sentence.
func summary(of lines: [String]) -> String {
    var paragraph: [String] = []
    for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.isEmpty { if paragraph.isEmpty { continue } else { break } }
        if line.hasPrefix("- ") || line.hasPrefix("```") || line.hasPrefix("#") { break }
        paragraph.append(line)
    }
    let text = Array(paragraph.joined(separator: " "))
    var inCode = false
    var index = 0
    while index < text.count {
        let character = text[index]
        if character == "`" { inCode.toggle() }
        if !inCode, ".!?".contains(character), index + 1 == text.count || text[index + 1] == " " {
            let before = String(text[..<index]).split(separator: " ").last.map(String.init) ?? ""
            if !["e.g", "i.e", "etc", "vs"].contains(before.lowercased()) { return String(text[..<index]) }
        }
        index += 1
    }
    return String(text)
}

/// The words of a summary, each code span as one word `code`; an apostrophe or a hyphen stays inside its
/// word, so "ease-in-out" is one word as "view's" is.
func words(of text: String) -> [String] {
    var result: [String] = []
    var current = ""
    var inCode = false
    func flush() {
        while let last = current.last, "'’-".contains(last) { current.removeLast() }
        if !current.isEmpty { result.append(current) }
        current = ""
    }
    for character in text {
        if character == "`" {
            if inCode { flush(); result.append("`code`") } else { flush() }
            inCode.toggle()
        } else if inCode {
            continue
        } else if character.isLetter || character.isNumber || "'’-".contains(character) && !current.isEmpty {
            current.append(character)
        } else {
            flush()
        }
    }
    flush()
    return result
}

/// The words of an identifier: `presentationStyle` → presentation, style; `URLSession` → url, session.
func identifierWords(_ name: String) -> [String] {
    let name = name.prefix { $0 != "(" }
    var result: [String] = []
    var current = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
        guard character.isLetter || character.isNumber else {
            if !current.isEmpty { result.append(current) }
            current = ""
            continue
        }
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let previous = current.last
        let startsWord = character.isUppercase
            && (previous.map { $0.isLowercase || $0.isNumber } == true
                || previous?.isUppercase == true && next?.isLowercase == true)
        if startsWord, !current.isEmpty { result.append(current); current = "" }
        current.append(character)
    }
    if !current.isEmpty { result.append(current) }
    return result
}

/// One form for a word and its plural or possessive, so "bits" matches `bit` and "view's" matches `View`.
func stem(_ word: String) -> String {
    var word = word.lowercased()
    for suffix in ["'s", "’s"] where word.hasSuffix(suffix) { word.removeLast(2) }
    if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { word.removeLast() }
    return word
}

/// Why a summary says nothing about the symbol at `path`, or nil when it says something.
func emptiness(of summary: String, path: [String]) -> String? {
    let all = words(of: summary)
    let counted = all.filter { !articles.contains($0.lowercased()) }
    if counted.count < 3 {
        return "\(counted.count) word\(counted.count == 1 ? "" : "s"), fewer than three (a, an, the not counted)"
    }
    let nameWords = Set(path.flatMap(identifierWords).map(stem))
    let meaningful = all.flatMap { $0.split(separator: "-").map(String.init) }
        .filter { $0 != "`code`" && !glue.contains($0.lowercased()) }.map(stem)
    if !meaningful.isEmpty, meaningful.allSatisfy(nameWords.contains) {
        return "its summary is only the words of its name and its type's"
    }
    return nil
}

let arguments = CommandLine.arguments.dropFirst()
guard let module = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: check-doc-summaries.swift <module> <symbol graph>...\n".utf8))
    exit(2)
}
let root = FileManager.default.currentDirectoryPath + "/"

/// Each comment once, with the symbol declared right below it: a comment a protocol requirement lends to
/// its implementations, or one `case a, b` shares, is reported at the symbol that carries it.
struct Comment { let file: String; let line: Int; let summary: String; var path: [String]; var distance: Int }
var comments: [String: Comment] = [:]
for file in arguments.dropFirst() {
    let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
    for symbol in graph.symbols {
        guard let comment = symbol.docComment, (comment.module ?? module) == module,
              let uri = comment.uri, let first = comment.lines.first?.range?.start.line,
              let last = comment.lines.last?.range?.end.line else { continue }
        var distance = Int.max
        if let location = symbol.location, location.uri == uri, location.position.line > last {
            distance = location.position.line - last
        }
        let key = "\(uri):\(first)"
        if let known = comments[key], known.distance <= distance { continue }
        let prefix = "file://" + root
        comments[key] = Comment(file: uri.hasPrefix(prefix) ? String(uri.dropFirst(prefix.count)) : uri,
                                line: first + 1, summary: summary(of: comment.lines.map(\.text)),
                                path: symbol.pathComponents, distance: distance)
    }
}
var failed = false
for comment in comments.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
    guard let reason = emptiness(of: comment.summary, path: comment.path) else { continue }
    print("  \(comment.file):\(comment.line): \(comment.path.joined(separator: ".")): \"\(comment.summary)\" says nothing: \(reason)")
    failed = true
}
exit(failed ? 1 : 0)
