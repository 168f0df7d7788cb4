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
        let trace: ((Int, String) -> Void)? = environment["PROSCENIUM_SOAK_TRACE"] == "1" ? { print("op \($0): \($1)") } : nil
        do {
            let keepGoing: ((GallerySoak.Failure) -> Void)? = environment["PROSCENIUM_SOAK_KEEP_GOING"] == "1" ? { print($0.description) } : nil
            result = try soak.run(operations: operations, checkpoint: checkpoint, only: only, trace: trace, keepGoing: keepGoing) { done in
                print("soak: \(done) operations…")
            }
        } catch {
            print(error.description)
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
}
