import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// The gallery soak (`proscenium-bench soak [--seed N] [--operations N]`): seeded random operations on a
/// private Xvfb, with the invariants checked after each. Prints the figures; a broken invariant prints
/// the seed and operation to replay and exits 1.
///
/// To cut a failing run down: `PROSCENIUM_SOAK_ONLY=3,17,40-45` performs only those operations (drawn as
/// in the full run, so each does the same thing), `PROSCENIUM_SOAK_TRACE=1` prints every operation
/// performed with what it did, and `PROSCENIUM_SOAK_KEEP_GOING=1` prints each broken invariant and goes on.
/// A failing run shrinks itself to the fewest operations that still fail (`PROSCENIUM_SOAK_SHRINK=0` skips
/// it, `PROSCENIUM_SOAK_SHRINK_BUDGET` gives its seconds, 600 by default); a failing run cut down by
/// `PROSCENIUM_SOAK_ONLY` shrinks further from those operations.
@MainActor enum SoakBenchmark {
    static func run(seed: UInt64, operations: Int) async throws {
        let server = try await PrivateXvfb.start(width: 1400, height: 900)
        defer { server.stop() }
        let display = try Display(name: server.displayName)
        let soak = GallerySoak(display: display, seed: seed)
        // The memory checkpoint comes after a tenth of the run, once caches and pools are warm.
        let checkpoint = max(1, operations / 10)
        let result: GallerySoak.Report
        let environment = ProcessInfo.processInfo.environment
        let only = environment["PROSCENIUM_SOAK_ONLY"].map(GallerySoak.operationNumbers)
        let quiet = environment["PROSCENIUM_SOAK_NO_FRAMES_AFTER"].map(GallerySoak.operationNumbers) ?? []
        let trace: ((Int, String) -> Void)? = environment["PROSCENIUM_SOAK_TRACE"] == "1" ? { print("op \($0): \($1)") } : nil
        do {
            let keepGoing: ((GallerySoak.Failure) -> Void)? = environment["PROSCENIUM_SOAK_KEEP_GOING"] == "1" ? { print($0.description) } : nil
            result = try soak.run(operations: operations, checkpoint: checkpoint, only: only, withoutFramesAfter: quiet, trace: trace,
                                  keepGoing: keepGoing) { done in
                print("soak: \(done) operations…")
            }
        } catch {
            print(error.description)
            // A run cut down by PROSCENIUM_SOAK_ONLY shrinks further from those operations.
            if environment["PROSCENIUM_SOAK_SHRINK"] != "0" {
                print("shrinking (PROSCENIUM_SOAK_SHRINK=0 skips it)…")
                let budget = Double(environment["PROSCENIUM_SOAK_SHRINK_BUDGET"] ?? "") ?? 600
                print(GallerySoak.shrink(error, display: display, budget: budget, from: only?.sorted()).description)
            }
            exit(1)
        }
        let label = "soak seed \(seed)"
        report("\(label): operations / frames / transitions ended", "\(result.operations) / \(result.frames) / \(result.transitionsEnded)")
        report("\(label): operations per second", String(format: "%.0f (%.1f s)", result.operationsPerSecond, result.seconds))
        if result.failuresSeen > 0 { report("\(label): operations followed by broken invariants (kept going)", "\(result.failuresSeen)") }
        let live = LiveObjects.Kind.allCases.map { "\($0.rawValue) \(result.liveBefore[$0, default: 0])→\(result.liveAfter[$0, default: 0])" }
        report("\(label): live objects, home alone → after", live.joined(separator: ", "))
        report("\(label): peak RSS at operation \(checkpoint) → end",
               "\(result.peakRSSAtCheckpointKiB) KiB → \(result.peakRSSAtEndKiB) KiB (+\(result.peakRSSAtEndKiB - result.peakRSSAtCheckpointKiB) KiB)")
        report("\(label): X resources, caches purged, before → after",
               "\(result.xResourcesBefore?.description ?? "X-Resource unavailable") → \(result.xResourcesAfter?.description ?? "")")
        report("\(label): X resources, most seen (caches full)", result.xResourcesMost?.description ?? "X-Resource unavailable")
    }

    /// `proscenium-bench soak --seeds A-B [--jobs N]`: each seed's soak in a process of its own, `jobs` at
    /// a time, then one summary line: seeds clean, operations, frames, and whether every run ended with
    /// the live objects it started with. A failing seed's report (and shrunk replay) is printed in full.
    static func runRange(_ seeds: ClosedRange<UInt64>, operations: Int, jobs: Int) async {
        let start = Date()
        var failed: [UInt64] = []
        var leaking: [UInt64] = []
        var totalOperations = 0, totalFrames = 0
        var pending = Array(seeds)
        var running: [(seed: UInt64, process: Process, output: String)] = []
        func launch(_ seed: UInt64) -> (UInt64, Process, String)? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["soak", "--seed", String(seed), "--operations", String(operations)]
            // Into a file, read once the run is over: a pipe read only then would fill and stall the run.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("soak-seed-\(seed)-\(getpid()).txt").path
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let output = FileHandle(forWritingAtPath: path) else { return nil }
            process.standardOutput = output
            process.standardError = output
            do { try process.run() } catch { return nil }
            return (seed, process, path)
        }
        while !pending.isEmpty || !running.isEmpty {
            while running.count < jobs, !pending.isEmpty {
                let seed = pending.removeFirst()
                if let started = launch(seed) { running.append(started) } else { failed.append(seed) }
            }
            guard let done = running.firstIndex(where: { !$0.process.isRunning }) else {
                try? await Task.sleep(for: .milliseconds(200))
                continue
            }
            let (seed, process, path) = running.remove(at: done)
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: path)
            let counts = text.split(separator: "\n").first { $0.contains("operations / frames") }?
                .split(separator: " ").compactMap { Int($0) } ?? []
            if process.terminationStatus != 0 || counts.count < 2 {
                failed.append(seed)
                print(text.split(separator: "\n").filter { !$0.hasPrefix("soak: ") }.joined(separator: "\n"))
            } else {
                totalOperations += counts[counts.count - 3]
                totalFrames += counts[counts.count - 2]
                let live = text.split(separator: "\n").first { $0.contains("live objects") }.map(String.init) ?? ""
                let changed = live.split(separator: ",").contains { part in
                    let numbers = part.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                    return numbers.count >= 2 && numbers[numbers.count - 2] != numbers[numbers.count - 1]
                }
                if changed { leaking.append(seed) }
                print("seed \(seed): clean\(changed ? ", live objects changed: \(live)" : "")")
            }
        }
        let clean = seeds.count - failed.count
        report("soak seeds \(seeds.lowerBound)-\(seeds.upperBound)",
               "\(clean) of \(seeds.count) clean; \(totalOperations) operations, \(totalFrames) frames; "
               + (leaking.isEmpty ? "live objects equal before and after in every run" : "live objects changed in seeds \(leaking)")
               + (failed.isEmpty ? "" : "; failed: \(failed.map(String.init).joined(separator: ", "))")
               + String(format: " (%.0f s, %d at a time)", Date().timeIntervalSince(start), jobs))
        if !failed.isEmpty { exit(1) }
    }
}
