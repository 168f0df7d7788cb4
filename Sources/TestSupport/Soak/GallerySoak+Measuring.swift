import CX11
import Foundation
import Proscenium
import ProsceniumGallery
import ProsceniumX11

/// What the soak measures at the end: X resources with the caches purged, live objects, peak memory.
extension GallerySoak {
    /// What the window's client holds in the X server once the renderer has dropped its caches.
    func purgedResources() -> XResourceCounts? {
        host.renderer.purgeCaches()
        host.display.sync()
        return XResourceCounts.query(display: host.display.pointer, clientOwning: host.xWindow)
    }

    /// The operation numbers in a list such as "3,17,40-45" (for `run(only:)`).
    public nonisolated static func operationNumbers(_ text: String) -> Set<Int> {
        var numbers = Set<Int>()
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if bounds.count == 2, bounds[0] <= bounds[1] {
                numbers.formUnion(bounds[0]...bounds[1])
            } else if bounds.count == 1 {
                numbers.insert(bounds[0])
            }
        }
        return numbers
    }

    /// Growth of peak memory allowed from the checkpoint to the end, in KiB (runs of 1,000 operations or more).
    public static let allowedPeakRSSGrowthKiB = 1024
    /// Runs of fewer operations (a replay of a few) do not compare peak RSS: too little happens after the
    /// checkpoint for growth to mean a leak.
    public static let operationsComparingPeakRSS = 1000

    /// Dismisses whatever is still up, settles, and checks that only the home screen's objects are alive.
    func finish(into report: inout Report) throws(Failure) {
        AnimationSettings.reduceMotion = false
        world.armingEnabled = false
        releaseHeld(first: true)
        // The pointer leaves, so a tooltip it rested on goes before the live objects are counted.
        window.send(.pointerExited)
        world.restoreRoot()
        for _ in 0..<10 where !window.presentedViewControllers.isEmpty {
            for controller in window.presentedViewControllers.reversed() where !controller.isBeingDismissed {
                controller.presentingViewController?.dismiss(animated: true)
            }
            settle()
        }
        runFrames(2)
        settle()
        report.transitionsEnded = pairing.ended
        report.liveAfter = LiveObjects.counts
        report.peakRSSAtEndKiB = Self.peakRSSKiB()
        report.xResourcesAfter = purgedResources()
        var problems = window.consistencyProblems() + eventProblems + world.problems + pairing.openDescriptions
        // Pixmaps and pictures are what the renderer makes and must give back. Cursors, GCs and glyph sets
        // come from caches of their own (one cursor per shape, a GC per depth, Xft's closed-font cache).
        if let before = report.xResourcesBefore, let after = report.xResourcesAfter,
           after.pixmaps > before.pixmaps || after.pictures > before.pictures {
            problems.append("with the caches purged the X server holds \(after) at the end, \(before) before the first operation")
        }
        if report.operations >= Self.operationsComparingPeakRSS, report.peakRSSAtEndKiB - report.peakRSSAtCheckpointKiB > Self.allowedPeakRSSGrowthKiB {
            problems.append("peak RSS grew from \(report.peakRSSAtCheckpointKiB) KiB at the checkpoint to \(report.peakRSSAtEndKiB) KiB")
        }
        if !window.presentedViewControllers.isEmpty {
            problems.append("still presented at the end: \(window.presentedViewControllers.map { String(describing: type(of: $0)) })")
        }
        for kind in LiveObjects.Kind.allCases where report.liveAfter[kind, default: 0] > report.liveBefore[kind, default: 0] {
            problems.append("\(report.liveAfter[kind, default: 0]) live \(kind) objects at the end, "
                            + "\(report.liveBefore[kind, default: 0]) with the home screen alone")
        }
        if !problems.isEmpty {
            throw Failure(seed: seed, operation: 0, operationDescription: "", problems: problems)
        }
    }

    /// The process's peak resident set (VmHWM), in KiB.
    static func peakRSSKiB() -> Int { ProcessMemory.peakResidentKiB(pid: getpid()) }
}
