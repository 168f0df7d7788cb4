import Foundation

/// The fenced code blocks of the project's documents (README.md and every DocC article), and how each
/// Swift block is type-checked against the modules `swift build --build-tests` made.
///
/// The conventions a Swift block follows, so that every one of them is checked and none is skipped:
///
/// - A block that imports `PackageDescription` is a package manifest: checked alone against the
///   toolchain's `PackageDescription`, at the version its `// swift-tools-version:` line names (6.0 without).
/// - A block with `@main` is a whole program: checked alone as a library file, with only its own imports.
/// - Every other block is part of its document's program: all of them, in the order they appear, are the
///   top-level code of one `main.swift`, so a block may mix declarations and statements, and a later block
///   may use what an earlier one declared, as a reader would. That file imports `Proscenium`,
///   `ProsceniumX11`, `ProsceniumTesting` and `Testing`, and sits beside `prelude`, which declares the few
///   names snippets use for the reader's own objects (`home`, `card`, `HomeViewController`).
/// - A block that is not Swift names its language (`sh`, `text`); a fence without one is an error, so a
///   snippet cannot dodge the check by leaving its language out.
///
/// Diagnostics point into the Markdown: each block is preceded by `#sourceLocation(file:line:)`.
struct DocumentationSnippets {
    /// One fenced block: where it is, its fence's language (empty when none) and its lines, unindented.
    struct Block {
        let document: String
        /// The line of the block's first content line in `document`, from 1.
        let line: Int
        let language: String
        let text: String

        var isManifest: Bool { text.contains("import PackageDescription") }
        var isProgram: Bool { text.contains("@main") }
    }

    /// One `swiftc -typecheck` run: what it checks and the files it is given.
    struct CompileUnit {
        enum Kind { case manifest(toolsVersion: String), program, documentParts }
        let name: String
        let kind: Kind
        let files: [(name: String, contents: String)]
    }

    /// Names the document parts use for the reader's own objects, so a snippet can show one step without
    /// building a whole app around it. A snippet that declares one of these names itself clashes.
    static let prelude = """
        import Proscenium

        /// The controller that presents: the app's home screen.
        @MainActor let home = ViewController()
        /// A controller the app presents.
        @MainActor let card = ViewController()
        /// The app's first screen, as a test shows it.
        final class HomeViewController: ViewController {}

        """

    /// What every document's program imports.
    static let partsImports = ["Proscenium", "ProsceniumX11", "ProsceniumTesting", "Testing"]

    /// The package's root, which holds README.md.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every DocC article (`Sources/*/*.docc/*.md`), as paths relative to `root`.
    static func documentPaths() throws -> [String] {
        var paths = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let targetFolder = sources.appendingPathComponent(target)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: targetFolder.path) else { continue }
            for catalog in entries.sorted() where catalog.hasSuffix(".docc") {
                let catalogFolder = targetFolder.appendingPathComponent(catalog)
                for article in try FileManager.default.contentsOfDirectory(atPath: catalogFolder.path).sorted()
                where article.hasSuffix(".md") {
                    paths.append("Sources/\(target)/\(catalog)/\(article)")
                }
            }
        }
        return paths
    }

    /// The fenced blocks of `markdown`, which is the document `document`. A fence is three or more backticks
    /// or tildes, indented by up to the list it sits in; its content loses that indentation.
    static func blocks(in markdown: String, document: String) -> [Block] {
        var blocks: [Block] = []
        var open: (fence: String, indent: Int, language: String, line: Int, lines: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if var current = open {
                if trimmed.hasPrefix(current.fence), trimmed.allSatisfy({ $0 == current.fence.first || $0 == " " }) {
                    blocks.append(Block(document: document, line: current.line, language: current.language,
                                        text: current.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    current.lines.append(String(line.dropFirst(min(current.indent, indent))))
                    open = current
                }
                continue
            }
            guard let marker = trimmed.first, marker == "`" || marker == "~" else { continue }
            let fence = String(trimmed.prefix { $0 == marker })
            guard fence.count >= 3 else { continue }
            let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            let language = String(info.prefix { !$0.isWhitespace && $0 != "," })
            open = (fence, indent, language, index + 2, [])
        }
        return blocks
    }

    /// The compile units for `blocks`, all from one document: its manifests and programs one by one, and
    /// the rest as that document's program.
    static func compileUnits(for blocks: [Block]) -> [CompileUnit] {
        let swift = blocks.filter { $0.language == "swift" }
        var units: [CompileUnit] = []
        for block in swift where block.isManifest {
            let tools = block.text.split(separator: "\n").first { $0.hasPrefix("// swift-tools-version:") }
                .map { $0.dropFirst("// swift-tools-version:".count).trimmingCharacters(in: .whitespaces) } ?? "6.0"
            units.append(CompileUnit(name: "\(block.document):\(block.line)", kind: .manifest(toolsVersion: tools),
                                     files: [("Package.swift", located(block))]))
        }
        for block in swift where block.isProgram && !block.isManifest {
            units.append(CompileUnit(name: "\(block.document):\(block.line)", kind: .program,
                                     files: [("Program.swift", located(block))]))
        }
        let parts = swift.filter { !$0.isManifest && !$0.isProgram }
        if let first = parts.first {
            let imports = partsImports.map { "import \($0)\n" }.joined()
            units.append(CompileUnit(name: "\(first.document) (\(parts.count) blocks)", kind: .documentParts,
                                     files: [("main.swift", imports + parts.map(located).joined()),
                                             ("Prelude.swift", prelude)]))
        }
        return units
    }

    /// `block`'s text, with its diagnostics pointed at its place in the document.
    static func located(_ block: Block) -> String {
        "#sourceLocation(file: \"\(block.document)\", line: \(block.line))\n\(block.text)#sourceLocation()\n"
    }
}
