import Foundation
import Testing

/// The twelve soak seeds that broke before the window's presentation stack became one state machine,
/// each cut down by the soak's shrinking (on the code they broke) to the fewest operations that still
/// broke it, and replayed here: a waiting dismissal, an appearance state that lied, a dismissal that
/// never ended; and later ones that broke the placement of a presented view (a scaled one, a popover
/// whose source moved, a side panel left at its hidden scale). Each replay runs
/// `proscenium-bench soak` with those operations only, drawn as in the full run, and must end clean; the
/// operations it traces must still be the ones recorded, so a change to the soak's generator cannot
/// quietly turn a replay into something else.
@Suite struct SoakSeedReplayTests {
    /// One shrunk replay: which operations of `seed` to perform, which of them skip their trailing frames,
    /// what each one does, and what the run broke with before.
    struct Replay: Sendable, CustomTestStringConvertible {
        let seed: UInt64
        let broke: String
        let operations: String
        let withoutFramesAfter: String
        let steps: [String]

        var testDescription: String { "seed \(seed) (\(steps.count) operations): \(broke)" }
    }

    static let replays: [Replay] = [
        Replay(seed: 5, broke: "OverlayScene's dismissal waits for a presentation above that is not leaving",
               operations: "8137,8143,8151,8160,8229,8232,8246,8247", withoutFramesAfter: "8137,8143,8247",
               steps: [
                      "8137: press on (419, 87) and hold",
                      "8143: click at (83, 733)",
                      "8151: present a probe (fullScreen, 2 detents, armed: presenter.dismiss(animated: true) in dismissCompletion) from the top controller, not animated, then 6 frames",
                      "8160: present a probe (hooked alert, 2 detents, armed: present(a formSheet probe, animated: false) in viewWillAppear) from the top controller, then 2 frames",
                      "8229: arm the controller 1 below the top: presenter.present(itself again, animated: false) in viewDidDisappear, then 7 frames",
                      "8232: key escape, then 7 frames",
                      "8246: key tab, then 5 frames",
                      "8247: dismiss from the controller 2 below the top, not animated, completion: present(a formSheet probe, animated: true)",
               ]),
        Replay(seed: 7, broke: "ProbeController's dismissal waits for a presentation above that is not leaving",
               operations: "8733,8740,8755,8756,8766,8767,8769,8770,8771,8776,8828,8831", withoutFramesAfter: "8733,8740,8769,8770,8771",
               steps: [
                      "8733: reduce motion on",
                      "8740: resize to 800x480",
                      "8755: present a probe (formSheet, adapting to formSheet/formSheet, 2 detents, armed: replace window.rootViewController in presentCompletion) from the controller 1 below the top, then 4 frames",
                      "8756: click 'grabber', then 3 frames",
                      "8766: present a probe (overFullScreen, adapting to bottomSheet/popover, 2 detents) from the top controller, then 2 frames",
                      "8767: key tab, then 2 frames",
                      "8769: wait 8 frames",
                      "8770: present rename",
                      "8771: tap Dismiss",
                      "8776: reduce motion off, then 8 frames",
                      "8828: present a probe (bottomSheet, undimmed to medium, armed: presenter.present(itself again, animated: true) in viewWillDisappear) from the top controller, then 3 frames",
                      "8831: drag the sheet 438 px over 14 frames, then 7 frames",
               ]),
        Replay(seed: 8, broke: "ProbeController's dismissal waits for a presentation above that is not leaving",
               operations: "7216,7292,7299,7300", withoutFramesAfter: "7216,7292,7299,7300",
               steps: [
                      "7216: present a probe (alert, adapting to fullScreen/formSheet, refusing user dismissal, 2 detents, armed: present(a fullScreen probe, animated: true) in willDismiss) from the top controller",
                      "7292: present a probe (hooked sheet, adapting to bottomSheet/popover, refusing user dismissal, 2 detents, armed: presenter.present(itself again, animated: true) in viewWillDisappear) from the top controller",
                      "7299: dismiss from the controller 2 below the top",
                      "7300: Escape, present again after 2 frames",
               ]),
        Replay(seed: 9, broke: "ProbeController's dismissal waits for a presentation above that is not leaving",
               operations: "4736,4742,4743,4752,4753", withoutFramesAfter: "4736,4742,4743",
               steps: [
                      "4736: present rename",
                      "4742: present a probe (popover, adapting to nil/popover, undimmed to medium, armed: presenter.present(itself again, animated: true) in presentationTransitionWillBegin) from the top controller",
                      "4743: present a probe (hooked fullScreen, armed: presenter.present(itself again, animated: true) in viewWillDisappear) from the top controller, not animated",
                      "4752: present side-panel, Escape after 10 frames, then 7 frames",
                      "4753: click 'probe', then 6 frames",
               ]),
        Replay(seed: 11, broke: "HomeViewController 'home' has appeared but its view is not in the window",
               operations: "8035,8036,8037,8039,8040", withoutFramesAfter: "8035",
               steps: [
                      "8035: present a probe (hooked fullScreen, 2 detents, undimmed to medium, armed: replace window.rootViewController in dismissalTransitionWillBegin) from the top controller",
                      "8036: replace the root controller (home back after 1 operations), then 5 frames",
                      "8037: drag the sheet 13 px over 18 frames, then 3 frames",
                      "8039: resize to 1280x800, then 7 frames",
                      "8040: present cool, then 6 frames",
               ]),
        Replay(seed: 12, broke: "after settling, probe (hooked sheet): dismissalWillBegin never ended",
               operations: "4096,4188,4190,4196,4228,4235,4236,4272,4273,4275", withoutFramesAfter: "4096,4188,4190,4196,4228,4236,4273,4275",
               steps: [
                      "4096: replace the root controller (home back after 7 operations)",
                      "4188: present a probe (formSheet, armed: replace window.rootViewController in willDismiss) from the top controller",
                      "4190: present sheet, Escape after 9 frames",
                      "4196: present a probe (hooked alert, undimmed to medium, armed: present(a bottomSheet probe, animated: false) in dismissCompletion) from the controller 1 below the top",
                      "4228: present a probe (hooked sheet, refusing user dismissal, 2 detents, armed: presenter.dismiss(animated: true) in dismissCompletion) from the top controller",
                      "4235: present cool, then 6 frames",
                      "4236: arm the top controller: dismiss(animated: true) in shouldDismiss",
                      "4272: tap Dismiss, then 4 frames",
                      "4273: Escape, present again after 9 frames",
                      "4275: drag a sheet below its smallest detent, dismiss below it by Escape, drag back and release over 7 frames",
               ]),
        Replay(seed: 15, broke: "ProbeController's dismissal waits for a presentation above that is not leaving",
               operations: "4455,4456,4459,4460,4461,4462,4463,4465,4467,4469", withoutFramesAfter: "4463,4465,4467,4469",
               steps: [
                      "4455: present overlay, Escape after 17 frames, then 4 frames",
                      "4456: present a probe (alert, adapting to bottomSheet/overFullScreen, 2 detents, armed: presenter.present(itself again, animated: false) in adaptiveStyle) from the controller 1 below the top, then 2 frames",
                      "4459: resize to 1280x480, then 8 frames",
                      "4460: click at (117, 570), then 4 frames",
                      "4461: press on the top sheet's grabber and hold, then 2 frames",
                      "4462: wait 1 frames, then 6 frames",
                      "4463: present a probe (popover, adapting to bottomSheet/nil, armed: replace window.rootViewController in dismissCompletion) from the controller 1 below the top",
                      "4465: present a probe (hooked plain, 2 detents, undimmed to medium, armed: presenter.present(itself again, animated: true) in presentationTransitionDidEnd) from the top controller",
                      "4467: dismiss from the controller 2 below the top",
                      "4469: click 'present-bouncy'",
               ]),
        Replay(seed: 16, broke: "ProbeController 'probe' has appeared but its view is not in the window",
               operations: "2717,2721,2722,2723", withoutFramesAfter: "2717",
               steps: [
                      "2717: present a probe (hooked formSheet, 2 detents, undimmed to medium, armed: present(a hooked fullScreen probe, animated: true) in dismissalTransitionDidEnd) from the top controller",
                      "2721: Escape, present again after 17 frames, then 6 frames",
                      "2722: click 'present-side-panel', then 8 frames",
                      "2723: present a probe (alert, 2 detents, undimmed to medium, armed: replace window.rootViewController in willDismiss) from the controller 1 below the top, then 8 frames",
               ]),
        Replay(seed: 17, broke: "after settling, probe (popover)'s view rests at (460, 412, 360x281), not at (460, 290, 360x280) where its PopoverPresentationController puts it",
               operations: "6429,6435,6465,6466,6467,6468,6469,6470,6471,6472,6473,6475", withoutFramesAfter: "6429,6468,6472,6473,6475",
               steps: [
                      "6429: present cool",
                      "6435: present a probe (fullScreen, refusing user dismissal, armed: presenter.present(itself again, animated: true) in viewWillAppear) from the top controller, then 6 frames",
                      "6465: present overlay, then 6 frames",
                      "6466: present bouncy, then 2 frames",
                      "6467: double-click at (688, 755), then 2 frames",
                      "6468: tap Dismiss",
                      "6469: click 'present-side-panel', then 3 frames",
                      "6470: key space, then 8 frames",
                      "6471: key escape, then 2 frames",
                      "6472: Escape, present again after 11 frames",
                      "6473: present a probe (popover, 2 detents, armed: present(a popover probe, animated: false) in dismissCompletion) from the top controller",
                      "6475: wait 7 frames",
               ]),
        Replay(seed: 18, broke: "HomeViewController 'home' has appeared but its view is not in the window",
               operations: "3169,3180,3181,3182,3183,3184", withoutFramesAfter: "3169,3180,3181,3182",
               steps: [
                      "3169: reduce motion on",
                      "3180: present a probe (hooked fullScreen, refusing user dismissal, 2 detents, undimmed to medium) from the top controller",
                      "3181: replace the root controller (home back after 5 operations)",
                      "3182: resize to 480x480",
                      "3183: replace the root controller (home back after 7 operations), then 5 frames",
                      "3184: Escape, present again after 1 frames, then 4 frames",
               ]),
        Replay(seed: 19, broke: "after settling, probe (bottomSheet): dismissalWillBegin never ended",
               operations: "4789,4790,4794,4795,4796,4797,4800", withoutFramesAfter: "4794,4796,4797,4800",
               steps: [
                      "4789: present a probe (bottomSheet, refusing user dismissal, 2 detents, armed: dismiss(animated: true) in didAttemptToDismiss) from the controller 1 below the top, then 7 frames",
                      "4790: resize to 613x800, then 8 frames",
                      "4794: double-click at (652, 0)",
                      "4795: present a probe (hooked plain, adapting to bottomSheet/nil, undimmed to medium, armed: replace window.rootViewController in presentationTransitionWillBegin) from the controller 1 below the top, then 6 frames",
                      "4796: press on the top sheet's grabber and hold",
                      "4797: move the held press by (-22, 143) in 3 steps",
                      "4800: present side-panel",
               ]),
        Replay(seed: 20, broke: "SheetScene's dismissal waits for a presentation above that is not leaving",
               operations: "2539,2540,2541", withoutFramesAfter: "2539,2540",
               steps: [
                      "2539: present sheet",
                      "2540: present a probe (hooked plain, adapting to formSheet/overFullScreen, undimmed to medium, armed: presenter.present(itself again, animated: true) in dismissalTransitionWillBegin) from the top controller",
                      "2541: dismiss from the controller 2 below the top, then 5 frames",
               ]),
        // Two that broke the placement of a presented view whose animator scales it: turned around or
        // laid out mid-transition, the scale in flight went into its bounds (a side panel 1388 wide, a
        // card 300,000 wide).
        Replay(seed: 48, broke: "after settling, SidePanelScene's view rests at (-104, 0, 1388x800), not at (0, 60, 1180x680)",
               operations: "1242,1245,1250", withoutFramesAfter: "1242,1245,1250",
               steps: [
                      "1242: present side-panel, Escape after 29 frames",
                      "1245: Escape, present again after 7 frames",
                      "1250: double-click 'rename'",
               ]),
        Replay(seed: 53, broke: "after settling, CoolScene's view rests at (-149360, -249600, 300000x500000), not at (490, 150, 300x500)",
               operations: "8338,8509,8512,8515,8520,8521,8525", withoutFramesAfter: "8338,8509,8515,8521,8525",
               steps: [
                      "8338: reduce motion on",
                      "8509: click 'present-cool'",
                      "8512: present bouncy, then 6 frames",
                      "8515: reduce motion off",
                      "8520: present alert, then 2 frames",
                      "8521: Escape, present again after 11 frames",
                      "8525: move the held press by (-4, 68) in 1 steps",
               ]),
        // Placement after settling: a popover whose source view moved without its container laying out
        // (the card it points at sprang in, the sheet under it adapted), and a side panel whose dismissal,
        // turned around while a full-screen presentation had taken its view out, left it at the scale it
        // hides at.
        Replay(seed: 30, broke: "after settling, ProbeController's view rests at (400, 504, 360x280), not at (400, 382, 360x280) where its ProbePopoverPresentationController puts it",
               operations: "2936,2941,2951,2997,3000,3007,3009,3010,3017,3018,3023,3025", withoutFramesAfter: "2936,2941,2997,3000,3009,3010,3017,3018,3023,3025",
               steps: [
                      "2936: present a probe (alert, armed: presenter.dismiss(animated: true) in dismissCompletion) from the controller 1 below the top, not animated",
                      "2941: present a probe (overFullScreen, undimmed to medium) from the top controller",
                      "2951: present a probe (hooked formSheet, refusing user dismissal, 2 detents, armed: presenter.dismiss(animated: false) in dismissalTransitionDidEnd) from the top controller, not animated, then 1 frames",
                      "2997: tap Dismiss",
                      "3000: wait 60 frames",
                      "3007: present overlay, Escape after 3 frames, then 8 frames",
                      "3009: double-click 'present-cool'",
                      "3010: wait 55 frames",
                      "3017: Escape, present again after 8 frames",
                      "3018: present a probe (popover, 2 detents, undimmed to medium, armed: replace window.rootViewController in viewWillDisappear) from the top controller",
                      "3023: present a probe (fullScreen, adapting to nil/popover, refusing user dismissal, 2 detents) from the top controller",
                      "3025: double-click at (563, 192)",
               ]),
        Replay(seed: 32, broke: "after settling, ProbeController's view rests at (460, 412, 360x281), not at (460, 290, 360x280) where its ProbePopoverPresentationController puts it",
               operations: "83,86,91,94,96,100", withoutFramesAfter: "83,86,91,94,96,100",
               steps: [
                      "83: click 'present-cool'",
                      "86: present a probe (hooked plain, adapting to bottomSheet/overFullScreen, armed: present(a overFullScreen probe, animated: true) in viewWillDisappear) from the top controller",
                      "91: present side-panel, Escape after 21 frames",
                      "94: wait 23 frames",
                      "96: Escape, present again after 2 frames",
                      "100: present a probe (hooked formSheet, adapting to nil/popover, 2 detents, undimmed to medium) from the top controller",
               ]),
        Replay(seed: 36, broke: "after settling, ProbeController's view rests at (13, 339, 361x281), not at (10, 380, 360x280) where its PopoverPresentationController puts it",
               operations: "5936,5938,5939,5941,5943,5945,5948,5950", withoutFramesAfter: "5938,5939,5941,5943,5945,5948,5950",
               steps: [
                      "5936: click 'present-side-panel', then 1 frames",
                      "5938: present bouncy",
                      "5939: present bouncy, Escape after 24 frames",
                      "5941: Escape, present again after 5 frames",
                      "5943: present alert, Escape after 2 frames",
                      "5945: Escape, present again after 4 frames",
                      "5948: present a probe (popover, refusing user dismissal, armed: presenter.dismiss(animated: true) in didDismiss) from the top controller, not animated",
                      "5950: tap Dismiss",
               ]),
        Replay(seed: 42, broke: "after settling, ProbeController's view rests at (10, 258, 360x280), not at (10, 287, 360x280) where its ProbePopoverPresentationController puts it",
               operations: "9400,9491,9739,9740,9741,9742,9743,9744,9747,9748,9750", withoutFramesAfter: "9400,9491,9747,9748,9750",
               steps: [
                      "9400: key tab",
                      "9491: key tab",
                      "9739: key space, then 4 frames",
                      "9740: press on 'grabber' and hold, then 6 frames",
                      "9741: click 'present-cool', then 5 frames",
                      "9742: drag the sheet 295 px over 11 frames, then 8 frames",
                      "9743: key return, then 2 frames",
                      "9744: click 'swatch', then 1 frames",
                      "9747: Escape, present again after 19 frames",
                      "9748: present a probe (bottomSheet, adapting to nil/popover, armed: present(a hooked popover probe, animated: true) in adaptiveStyle) from the top controller",
                      "9750: resize to 694x600",
               ]),
        Replay(seed: 43, broke: "after settling, SidePanelScene's view rests at (88, 111, 1003x578), not at (0, 60, 1180x680) where its SidePanelPresentationController puts it",
               operations: "7578,7584,7585,7586,7587,7589,7593,7599,7600", withoutFramesAfter: "7587,7589,7599,7600",
               steps: [
                      "7578: present side-panel, then 6 frames",
                      "7584: press on 'present-side-panel' and hold, then 6 frames",
                      "7585: move the held press by (43, 35) in 2 steps, then 6 frames",
                      "7586: move the held press by (12, 126) in 4 steps, then 6 frames",
                      "7587: Escape, present again after 0 frames",
                      "7589: present a probe (fullScreen, adapting to bottomSheet/formSheet, 2 detents, armed: dismiss(animated: false) in adaptiveStyle) from the top controller, not animated",
                      "7593: present a probe (alert, adapting to formSheet/nil, 2 detents) from the top controller, then 3 frames",
                      "7599: click 'presented'",
                      "7600: key escape",
               ]),
        // The cool card presented again from its own dismissal's completion, before the dismissal's
        // animator had undone its shrink: the new presentation folded the 0.001 scale into its bounds.
        Replay(seed: 16, broke: "after settling, CoolScene's view rests at (-149360, -249600, 300000x500000), not at (490, 150, 300x500) where its CoolPresentationController puts it",
               operations: "3666,3667,3668,3669,3670,3673,3674,3675,3676,3700", withoutFramesAfter: "3666,3669,3670,3675,3676,3700",
               steps: [
                      "3666: present bouncy",
                      "3667: present bouncy, then 5 frames",
                      "3668: double-click at (1001, 1), then 4 frames",
                      "3669: wait 18 frames",
                      "3670: present overlay, Escape after 12 frames",
                      "3673: updateAdaptivePresentation(animated: false) of the top controller, then 7 frames",
                      "3674: click 'present-overlay', then 7 frames",
                      "3675: present cool",
                      "3676: dismiss from the controller 1 below the top, completion: presenter.present(itself again, animated: true)",
                      "3700: drag the sheet 101 px over 2 frames",
               ]),
        // A transition animator ending back at its start ran another transition's completion in the middle
        // of ending; a dismissal begun there added its chrome's animations to it, and the window's engine
        // kept it for ever.
        Replay(seed: 40, broke: "at the final checks, 1 live propertyAnimator objects at the end, 0 with the home screen alone",
               operations: "8024,8025,8028,8029,8030,8031,8032", withoutFramesAfter: "",
               steps: [
                      "8024: present overlay, Escape after 0 frames, then 2 frames",
                      "8025: present a probe (alert, 2 detents, armed: presenter.present(itself again, animated: true) in didDismiss) from the top controller, then 1 frames",
                      "8028: present a probe (alert, armed: presenter.dismiss(animated: true) in presentCompletion) from the controller 1 below the top, then 3 frames",
                      "8029: release the held press, then 4 frames",
                      "8030: present a probe (bottomSheet, adapting to bottomSheet/popover, undimmed to medium, armed: present(a fullScreen probe, animated: true) in shouldDismiss) from the top controller, not animated, then 8 frames",
                      "8031: resize to 687x800",
                      "8032: present overlay, then 7 frames",
               ]),
    ]

    @Test(.timeLimit(.minutes(2)), arguments: replays)
    func replayEndsClean(_ replay: Replay) async throws {
        let last = try #require(replay.operations.split(separator: ",").last)
        let (status, output) = try await BenchProcess.run(
            ["soak", "--seed", "\(replay.seed)", "--operations", String(last)],
            environment: ["PROSCENIUM_SOAK_ONLY": replay.operations, "PROSCENIUM_SOAK_NO_FRAMES_AFTER": replay.withoutFramesAfter,
                          "PROSCENIUM_SOAK_TRACE": "1", "PROSCENIUM_SOAK_SHRINK": "0"])
        #expect(status == 0, "\(output)")
        // What each operation did is noted in brackets; what it is, as drawn, must not have changed.
        let traced = output.split(separator: "\n").filter { $0.hasPrefix("op ") }.map { line in
            String(line.dropFirst(3)).replacingOccurrences(of: #" \[[^\]]*\]"#, with: "", options: .regularExpression)
        }
        #expect(traced == replay.steps)
    }
}
