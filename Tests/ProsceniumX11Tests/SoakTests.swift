import Foundation
import Testing
import TestSupport

/// The short soak: 1,000 seeded random operations on the gallery by `proscenium-bench soak`, in its own
/// process so that its live-object counts are its own. It checks its invariants after every operation
/// and exits 1 with the seed and operation to replay when one breaks.
@Suite struct SoakTests {
    /// Fixed, so CI always runs the same operations; `proscenium-bench soak --seed N` tries others.
    static let seed = 20_261_123

    @Test(.timeLimit(.minutes(3))) func aThousandRandomOperationsLeaveNothingBehind() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ProductLocator.executable(named: "proscenium-bench"))
        process.arguments = ["soak", "--seed", "\(Self.seed)", "--operations", "1000"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        process.environment = environment
        // Into a file, read at the end: the test waits by sleeping, not by blocking one of the few threads.
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(getpid())-\(UUID().uuidString).txt").path
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let output = try #require(FileHandle(forWritingAtPath: outputPath))
        process.standardOutput = output
        process.standardError = output
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        try output.close()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("soak seed \(Self.seed): operations / frames / transitions ended"), "\(text)")
        // Something was presented and dismissed, many times over.
        let ended = text.split(separator: "\n").first { $0.contains("transitions ended") }?
            .split(separator: "/").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        #expect(ended >= 100, "\(text)")
    }

    @Test func aFailureNamesTheSeedAndTheOperationToReplay() {
        let failure = GallerySoak.Failure(seed: 5, operation: 12, operationDescription: "present sheet",
                                          problems: ["a dimming view is in the window outside every presentation"])
        #expect(failure.description.contains("soak seed 5 broke at operation 12 (present sheet)"))
        #expect(failure.description.contains("replay: proscenium-bench soak --seed 5 --operations 12"))
    }

    @Test func theGeneratorIsSplitMix64() {
        // Reference values of SplitMix64 from seed 0, so a seed replays the same way everywhere.
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
