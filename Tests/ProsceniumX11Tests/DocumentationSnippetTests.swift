import Foundation
import Testing

/// Every Swift snippet of README.md and of the DocC articles compiles against the API as it is, so a
/// snippet cannot drift from it or leave out what it needs (see `DocumentationSnippets` for how a block is
/// checked).
@Suite("Documentation snippets")
struct DocumentationSnippetTests {
    /// Each document with its fenced blocks.
    static func documents() throws -> [(path: String, blocks: [DocumentationSnippets.Block])] {
        try DocumentationSnippets.documentPaths().map { path in
            let text = try String(contentsOf: DocumentationSnippets.root.appendingPathComponent(path), encoding: .utf8)
            return (path, DocumentationSnippets.blocks(in: text, document: path))
        }
    }

    @Test("every Swift block of the README and the DocC articles type-checks", .timeLimit(.minutes(10)))
    func everySwiftBlockTypeChecks() async throws {
        let documents = try Self.documents()
        #expect(documents.count >= 12, "README.md and the articles of three catalogs: \(documents.map(\.path))")
        let swiftBlocks = documents.flatMap(\.blocks).filter { $0.language == "swift" }
        #expect(swiftBlocks.count >= 10, "found only \(swiftBlocks.count) Swift blocks")
        let units = documents.flatMap { DocumentationSnippets.compileUnits(for: $0.blocks) }
        let results = try await SnippetCompiler.forThisBuild()
            .check(units, parallel: ProcessInfo.processInfo.activeProcessorCount)
        for result in results {
            if !result.passed {
                Issue.record("\(result.unit.name) does not compile:\n\(result.output)")
            } else if result.output.contains("warning:") {
                // A warning in a snippet is something a reader's compiler says about code we told them to write.
                Issue.record("\(result.unit.name) compiles with warnings:\n\(result.output)")
            }
        }
    }

    @Test("every fence names its language, so no Swift block goes unchecked")
    func everyFenceNamesItsLanguage() throws {
        for document in try Self.documents() {
            for block in document.blocks where block.language.isEmpty {
                Issue.record("\(document.path):\(block.line - 1): a fence without a language; Swift is `swift`, the rest `sh` or `text`")
            }
        }
    }

    @Test("a broken snippet fails the check, and the error points into the document")
    func aBrokenSnippetFails() async throws {
        let markdown = """
            # A page

            ```swift
            final class Menu: ViewController {}
            ```

            Then:

            ```swift
            home.present(Menu(), animated: true)
            home.presentSideways(card)
            ```

            """
        let blocks = DocumentationSnippets.blocks(in: markdown, document: "Broken.md")
        #expect(blocks.map(\.line) == [4, 10])
        let units = DocumentationSnippets.compileUnits(for: blocks)
        #expect(units.count == 1, "both blocks are parts of one program")
        let results = try await SnippetCompiler.forThisBuild().check(units, parallel: 1)
        let result = try #require(results.first)
        #expect(!result.passed)
        #expect(result.output.contains("Broken.md:11:"), "\(result.output)")
        #expect(result.output.contains("presentSideways"), "\(result.output)")
    }

    @Test("blocks are split into manifests, programs and each document's parts")
    func blocksAreSortedIntoUnits() {
        let markdown = """
            ```swift
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App")
            ```
            - In a list:
              ```swift
              @main enum App { static func main() {} }
              ```
            ```sh
            make test
            ```
            ```swift
            let a = 1
            ```
            ~~~swift
            let b = a
            ~~~
            """
        let blocks = DocumentationSnippets.blocks(in: markdown, document: "Units.md")
        #expect(blocks.map(\.language) == ["swift", "swift", "sh", "swift", "swift"])
        #expect(blocks[1].text == "@main enum App { static func main() {} }\n", "the list's indentation is removed")
        let units = DocumentationSnippets.compileUnits(for: blocks)
        #expect(units.count == 3)
        guard units.count == 3 else { return }
        if case let .manifest(version) = units[0].kind { #expect(version == "5.9") } else { Issue.record("not a manifest") }
        #expect(units[1].kind.isProgram)
        let main = units[2].files.first { $0.name == "main.swift" }?.contents ?? ""
        #expect(main.contains("line: 14)\nlet a = 1\n") && main.contains("line: 17)\nlet b = a\n"), "\(main)")
    }

    /// Getting started calls this block "the whole program": it is the example's file, which
    /// `ExamplesTests` runs, so a reader who pastes it gets the card the example shows.
    @Test("Getting started's first window is the HelloCard example, whole")
    func gettingStartedShowsHelloCard() throws {
        let path = "Sources/Proscenium/Proscenium.docc/GettingStarted.md"
        let text = try String(contentsOf: DocumentationSnippets.root.appendingPathComponent(path), encoding: .utf8)
        let hello = try String(contentsOf: DocumentationSnippets.root.appendingPathComponent("Examples/HelloCard/HelloCard.swift"),
                               encoding: .utf8)
        let blocks = DocumentationSnippets.blocks(in: text, document: path).filter { $0.language == "swift" }
        #expect(blocks.contains { $0.text == hello }, "no Swift block of \(path) is Examples/HelloCard/HelloCard.swift")
    }
}
