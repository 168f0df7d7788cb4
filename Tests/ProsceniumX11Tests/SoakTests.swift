import Foundation
import Proscenium
import Testing
import TestSupport

/// The short soak: 1,000 seeded random operations on the gallery by `proscenium-bench soak`, in its own
/// process so that its live-object counts are its own. It checks its invariants after every operation
/// and exits 1 with the seed and operation to replay when one breaks.
@Suite struct SoakTests {
    /// Three fixed seeds, so CI always runs the same operations; `proscenium-bench soak --seeds 1-100`
    /// tries others.
    static let seeds: [UInt64] = [20_261_123, 12, 16]

    @Test(.timeLimit(.minutes(3)), arguments: seeds)
    func aThousandRandomOperationsLeaveNothingBehind(seed: UInt64) async throws {
        // A failure prints its replay; shrinking it takes minutes, which is for a developer's run.
        let (status, text) = try await BenchProcess.run(["soak", "--seed", "\(seed)", "--operations", "1000"],
                                                        environment: ["PROSCENIUM_SOAK_SHRINK": "0"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("soak seed \(seed): operations / frames / transitions ended"), "\(text)")
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

    @Test func aRunCanBeCutDownToSomeOfItsOperations() {
        #expect(GallerySoak.operationNumbers("3,17,40-43, 9") == [3, 9, 17, 40, 41, 42, 43])
        #expect(GallerySoak.operationNumbers("") == [])
    }

    /// The event log's well-formedness as the soak checks it: a "will begin" before its "did end", and
    /// nothing reported for a presentation after its completed dismissal but a new presentation.
    @MainActor @Test func theEventPairingCatchesMalformedLogs() {
        final class Controller {}
        let card = Controller(), sheet = Controller()
        let a = ObjectIdentifier(card), b = ObjectIdentifier(sheet)

        // Well formed: presented, a dismissal turned back, dismissed, presented anew, cancelled.
        var pairing = TransitionPairing()
        let wellFormed: [(PresentationEvent.Kind, Bool?, Bool)] = [
            (.presentationWillBegin, nil, true), (.presentationDidEnd, true, true), (.adapted, nil, true),
            (.dismissalWillBegin, nil, true), (.dismissalDidEnd, false, true),
            (.presentationWillBegin, nil, true), (.presentationDidEnd, true, true),
            (.dismissalWillBegin, nil, true), (.dismissalDidEnd, true, false),
            (.presentationWillBegin, nil, true), (.presentationDidEnd, false, false),
        ]
        for (kind, completed, presented) in wellFormed {
            #expect(pairing.record(kind, controller: a, name: "card", completed: completed, isPresented: presented) == nil, "\(kind)")
        }
        #expect(pairing.openDescriptions.isEmpty)
        #expect(pairing.ended == 5)

        // A "did end" with no "will begin".
        pairing = TransitionPairing()
        #expect(pairing.record(.presentationDidEnd, controller: b, name: "sheet", completed: true, isPresented: true) != nil)

        // Anything but a new presentation after the dismissal ended; a "will begin" for a controller not presented.
        pairing = TransitionPairing()
        for (kind, completed) in [(PresentationEvent.Kind.presentationWillBegin, Bool?.none), (.presentationDidEnd, true),
                                  (.dismissalWillBegin, nil), (.dismissalDidEnd, true)] {
            _ = pairing.record(kind, controller: b, name: "sheet", completed: completed, isPresented: kind != .dismissalDidEnd)
        }
        #expect(pairing.record(.adapted, controller: b, name: "sheet", completed: nil, isPresented: false)?.contains("over") == true)
        #expect(pairing.record(.dismissalWillBegin, controller: b, name: "sheet", completed: nil, isPresented: false) != nil)
        pairing = TransitionPairing()
        #expect(pairing.record(.presentationWillBegin, controller: b, name: "sheet", completed: nil, isPresented: false)?
            .contains("not presented") == true)

        // A completed dismissal of a controller still presented; a transition left open.
        pairing = TransitionPairing()
        _ = pairing.record(.presentationWillBegin, controller: a, name: "card", completed: nil, isPresented: true)
        _ = pairing.record(.presentationDidEnd, controller: a, name: "card", completed: true, isPresented: true)
        _ = pairing.record(.dismissalWillBegin, controller: a, name: "card", completed: nil, isPresented: true)
        #expect(pairing.record(.dismissalDidEnd, controller: a, name: "card", completed: true, isPresented: true) != nil)
        _ = pairing.record(.presentationWillBegin, controller: b, name: "sheet", completed: nil, isPresented: true)
        #expect(pairing.openDescriptions == ["sheet: presentationWillBegin never ended"])
    }

    @Test func theGeneratorIsSplitMix64() {
        // Reference values of SplitMix64 from seed 0, so a seed replays the same way everywhere.
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
