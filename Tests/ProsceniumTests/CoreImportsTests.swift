import Foundation
import Testing

/// The core stays plain Swift: no X11 (the backend sits behind small protocols) and no Foundation, whose
/// statically linked ICU data would add some 50 MB to every program and 3.5 MiB to its resident memory.
@Suite("Core imports")
struct CoreImportsTests {
    @Test func theCoreImportsOnlyTheStandardLibrariesAndGlibc() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let core = root.appendingPathComponent("Sources/Proscenium")
        let files = try #require(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50)
        for file in files {
            let imports = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@preconcurrency import ") }
                .map { $0.split(separator: " ").last.map(String.init) ?? "" }
            let foreign = imports.filter { !["Glibc", "Synchronization"].contains($0) }
            #expect(foreign.isEmpty, "\(file.lastPathComponent) imports \(foreign)")
        }
    }
}
