import Foundation
import Proscenium
import ProsceniumX11

/// A failing soak run cut down to the fewest operations that still fail the same way: the first thing to
/// read when a seed breaks.
public struct ShrunkReplay: Sendable, CustomStringConvertible {
    public let seed: UInt64
    /// The operations kept, by their number in the full run, ascending.
    public let operations: [Int]
    /// Those of them whose trailing frames were dropped too.
    public let withoutFramesAfter: [Int]
    /// What each kept operation did, in order, as the replay traced it.
    public let steps: [String]
    /// The problem the replay still shows.
    public let problem: String
    /// How many replays the shrinking ran.
    public let trials: Int

    public var description: String {
        "shrunk to \(operations.count) operations in \(trials) replays: \(problem)\n"
            + steps.map { "    \($0)" }.joined(separator: "\n")
            + "\nreplay: PROSCENIUM_SOAK_ONLY=\(operations.map(String.init).joined(separator: ","))"
            + (withoutFramesAfter.isEmpty ? "" : " PROSCENIUM_SOAK_NO_FRAMES_AFTER=\(withoutFramesAfter.map(String.init).joined(separator: ","))")
            + " proscenium-bench soak --seed \(seed) --operations \(operations.last ?? 1)"
    }
}

extension GallerySoak {
    /// A problem's kind, without the numbers that change from run to run (probe numbers, positions).
    nonisolated static func kind(of problem: String) -> String {
        String(problem.filter { !$0.isNumber })
    }

    /// Replays `operations` of `seed` in a new window on `display`; the failure whose problems include
    /// one of `kind`, if the replay shows it.
    public static func replay(display: Display, seed: UInt64, operations: [Int], withoutFramesAfter: Set<Int> = [],
                              kind: String? = nil, trace: ((Int, String) -> Void)? = nil) -> Failure? {
        guard let last = operations.last else { return nil }
        AnimationSettings.reduceMotion = false
        let soak = GallerySoak(display: display, seed: seed)
        do {
            _ = try soak.run(operations: last, checkpoint: .max, only: Set(operations), withoutFramesAfter: withoutFramesAfter,
                             trace: trace)
            return nil
        } catch {
            guard let kind else { return error }
            return error.problems.contains { Self.kind(of: $0) == kind } ? error : nil
        }
    }

    /// Cuts `failure` down: drops operations (halves, then quarters, … then one at a time) as long as the
    /// replay still fails with the same kind of problem, then drops the frames that follow each kept
    /// operation where that still fails. Stops shrinking after `budget` seconds with what it has. Starts
    /// from every operation up to the failing one, or from `operations` (a replay shrunk earlier, to cut
    /// further: its replays are short, so the budget goes much further).
    public static func shrink(_ failure: Failure, display: Display, budget: Double = 600,
                              from operations: [Int]? = nil) -> ShrunkReplay {
        let kind = Self.kind(of: failure.problems.first ?? "")
        let deadline = Date().addingTimeInterval(budget)
        var kept = operations ?? Array(1...max(failure.operation, 1))
        var problem = failure.problems.first ?? ""
        var trials = 0
        func fails(_ operations: [Int], quiet: Set<Int> = []) -> Bool {
            trials += 1
            guard let found = replay(display: display, seed: failure.seed, operations: operations, withoutFramesAfter: quiet,
                                     kind: kind) else { return false }
            problem = found.problems.first { Self.kind(of: $0) == kind } ?? problem
            return true
        }
        var chunk = max(kept.count / 2, 1)
        while Date() < deadline {
            var start = 0
            while start < kept.count, kept.count > 1, Date() < deadline {
                let candidate = Array(kept[..<start] + kept[min(start + chunk, kept.count)...])
                if !candidate.isEmpty, fails(candidate) { kept = candidate } else { start += chunk }
            }
            if chunk == 1 { break }
            chunk = max(chunk / 2, 1)
        }
        var quiet = Set<Int>()
        for operation in kept where Date() < deadline {
            if fails(kept, quiet: quiet.union([operation])) { quiet.insert(operation) }
        }
        var steps: [String] = []
        _ = replay(display: display, seed: failure.seed, operations: kept, withoutFramesAfter: quiet) { index, text in
            steps.append("\(index): " + (text.split(separator: "\n").first.map(String.init) ?? text))
        }
        return ShrunkReplay(seed: failure.seed, operations: kept, withoutFramesAfter: quiet.sorted(), steps: steps,
                            problem: problem, trials: trials)
    }
}
