import Foundation
import TestSupport

/// Type-checks the documentation's compile units with `swiftc -typecheck`, against the modules of this
/// package's debug build, the way SwiftPM compiles a target that depends on them.
struct SnippetCompiler {
    /// The outcome of one unit: whether it type-checked, and what the compiler printed.
    struct Result {
        let unit: DocumentationSnippets.CompileUnit
        let passed: Bool
        let output: String
    }

    let swiftc: String
    /// The build's products folder: `Modules/` holds the `.swiftmodule`s, `ModuleCache/` the C modules.
    let products: String
    /// Clang's view of the C modules (`CX11`, `CPNG`): their module maps and the headers they include.
    let clangArguments: [String]

    /// The compiler on `PATH` and the products folder of the build this test runs from.
    static func forThisBuild() throws -> SnippetCompiler {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        guard let swiftc = path.split(separator: ":").map({ "\($0)/swiftc" }).first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw SnippetCompilerError("no swiftc on PATH (\(path))") }
        let folders = ProductLocator.searchFolders()
        guard let products = folders.first(where: {
            FileManager.default.fileExists(atPath: "\($0)/Modules/ProsceniumX11.swiftmodule")
        }) else { throw SnippetCompilerError("no Modules/ProsceniumX11.swiftmodule in \(folders): run swift build --build-tests") }

        let sources = DocumentationSnippets.root.appendingPathComponent("Sources").path
        var clang: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            let map = "\(sources)/\(target)/module.modulemap"
            if FileManager.default.fileExists(atPath: map) { clang += ["-Xcc", "-fmodule-map-file=\(map)"] }
        }
        // The header folders of Package.swift's pkg-config names for CX11 and CPNG (Xft's include FreeType's).
        let includes = try run("/usr/bin/env", ["pkg-config", "--cflags-only-I", "xft", "libpng16"])
        guard includes.status == 0 else { throw SnippetCompilerError("pkg-config failed: \(includes.output)") }
        for flag in includes.output.split(whereSeparator: \.isWhitespace) { clang += ["-Xcc", String(flag)] }
        return SnippetCompiler(swiftc: swiftc, products: products, clangArguments: clang)
    }

    /// The arguments that type-check `unit`, whose files are in `folder`, as module `module`.
    func arguments(for unit: DocumentationSnippets.CompileUnit, in folder: String, module: String) -> [String] {
        let files = unit.files.map { "\(folder)/\($0.name)" }
        switch unit.kind {
        case let .manifest(toolsVersion):
            // PackageDescription lives beside the compiler: <toolchain>/usr/bin/swiftc, .../lib/swift/pm/ManifestAPI.
            let toolchain = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
                .deletingLastPathComponent()
            let major = toolsVersion.split(separator: ".").first.flatMap { Int($0) } ?? 6
            return ["-typecheck", "-swift-version", major >= 6 ? "6" : "5", "-module-name", module,
                    "-I", toolchain.appendingPathComponent("lib/swift/pm/ManifestAPI").path,
                    "-package-description-version", toolsVersion] + files
        case .program, .documentParts:
            let library = unit.kind.isProgram ? ["-parse-as-library"] : []
            return ["-typecheck", "-swift-version", "6", "-module-name", module, "-I", "\(products)/Modules",
                    "-module-cache-path", "\(products)/ModuleCache"] + clangArguments + library + files
        }
    }

    /// Type-checks every unit, at most `parallel` at a time, and returns their results in order.
    func check(_ units: [DocumentationSnippets.CompileUnit], parallel: Int) async throws -> [Result] {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("proscenium-snippets-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var jobs: [(index: Int, arguments: [String])] = []
        for (index, unit) in units.enumerated() {
            let folder = scratch.appendingPathComponent("unit\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in unit.files {
                try file.contents.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
            jobs.append((index, arguments(for: unit, in: folder.path, module: "DocumentationSnippet\(index)")))
        }
        let swiftc = self.swiftc
        var outcomes = [(status: Int32, output: String)?](repeating: nil, count: units.count)
        try await withThrowingTaskGroup(of: (Int, Int32, String).self) { group in
            var pending = jobs[...]
            func startNext() {
                guard let job = pending.popFirst() else { return }
                group.addTask {
                    let outcome = try await Self.runOffTheCooperativePool(swiftc, job.arguments)
                    return (job.index, outcome.status, outcome.output)
                }
            }
            for _ in 0..<max(parallel, 1) { startNext() }
            while let (index, status, output) = try await group.next() {
                outcomes[index] = (status, output)
                startNext()
            }
        }
        return zip(units, outcomes).map { unit, outcome in
            Result(unit: unit, passed: outcome?.status == 0, output: outcome?.output ?? "not run")
        }
    }

    /// Runs `tool` on a thread of its own and waits asleep: blocked on one of the few cooperative threads
    /// (two on a two-core machine), a compile would stall every other test's async work while it runs.
    static func runOffTheCooperativePool(_ tool: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do { continuation.resume(returning: try run(tool, arguments)) } catch { continuation.resume(throwing: error) }
            }
            thread.stackSize = 1 << 18
            thread.start()
        }
    }

    /// Runs `tool` to its end; its standard output and error together.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = DocumentationSnippets.root
        process.standardInput = FileHandle.nullDevice
        let output = try ProcessLaunch.serialized {
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            return pipe.fileHandleForReading
        }
        let data = output.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension DocumentationSnippets.CompileUnit.Kind {
    /// Whether the unit is one whole program (`@main`).
    var isProgram: Bool {
        if case .program = self { return true }
        return false
    }
}

/// The snippets could not be checked at all (no compiler, no build): not the same as a snippet that fails.
struct SnippetCompilerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
