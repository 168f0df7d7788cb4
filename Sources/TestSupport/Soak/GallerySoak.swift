import CX11
import Foundation
import Proscenium
import ProsceniumGallery
import ProsceniumX11

/// Seeded random operations on the demo's gallery, in this process, on a window of a real X server,
/// driven by a manual clock as fast as the CPU allows. After every operation the window's self-check
/// and the pairing of transition events must hold; at the end everything presented must be gone again.
@MainActor public final class GallerySoak {
    /// A broken invariant: which seed, which operation, what was wrong. Replaying the seed up to that
    /// operation reproduces it.
    public struct Failure: Error, CustomStringConvertible {
        public let seed: UInt64
        /// The 1-based number of the operation after which the problems showed, 0 for the final checks.
        public let operation: Int
        public let operationDescription: String
        public let problems: [String]

        public init(seed: UInt64, operation: Int, operationDescription: String, problems: [String]) {
            self.seed = seed
            self.operation = operation
            self.operationDescription = operationDescription
            self.problems = problems
        }

        public var description: String {
            let place = operation > 0 ? "operation \(operation) (\(operationDescription))" : "the final checks"
            return "soak seed \(seed) broke at \(place):\n  " + problems.joined(separator: "\n  ")
                + "\nreplay: proscenium-bench soak --seed \(seed) --operations \(max(operation, 1))"
        }
    }

    /// What a finished soak measured.
    public struct Report: Sendable {
        public var operations = 0
        public var frames = 0
        public var seconds = 0.0
        public var transitionsEnded = 0
        /// Live toolkit objects with only the home screen up, before the first operation and at the end.
        public var liveBefore: [LiveObjects.Kind: Int] = [:]
        public var liveAfter: [LiveObjects.Kind: Int] = [:]
        /// Peak resident memory (VmHWM) at the checkpoint and at the end, in KiB.
        public var peakRSSAtCheckpointKiB = 0
        public var peakRSSAtEndKiB = 0
        /// What the window's client held in the X server: with the home screen alone and the renderer's
        /// caches purged, before the first operation and at the end (they must match: whatever is left
        /// over is a leak no cache accounts for); and the most seen in the run, caches full.
        public var xResourcesBefore: XResourceCounts?
        public var xResourcesAfter: XResourceCounts?
        public var xResourcesMost: XResourceCounts?

        public var operationsPerSecond: Double { Double(operations) / max(seconds, 1e-9) }
    }

    public let seed: UInt64
    private var rng: SeededGenerator
    private let host: WindowHost
    private let clock = ManualFrameClock()
    private let home: HomeViewController
    private var pairing = TransitionPairing()
    private var eventProblems: [String] = []
    private var window: Proscenium.Window { host.window }

    /// A soak of the gallery in a new window on `display`, at `size`, drawing operations from `seed`.
    public init(display: Display, seed: UInt64, size: Size = Size(width: 1280, height: 800)) {
        self.seed = seed
        rng = SeededGenerator(seed: seed)
        host = WindowHost(display: display, configuration: WindowConfiguration(
            title: "soak", size: size, minimumSize: Size(width: 480, height: 480)), clock: clock)
        host.onClose = {}
        while !host.isMapped {
            display.sync()
            host.processPendingEvents()
        }
        home = HomeViewController()
        window.rootViewController = home
        window.presentationObserver = { [unowned self] event in
            if let problem = pairing.record(event) { eventProblems.append(problem) }
        }
        clock.step()
    }

    /// Runs `operations` random operations, checking after each; the memory and X resource checkpoint is
    /// taken after `checkpoint` operations. Throws the first `Failure`.
    public func run(operations: Int, checkpoint: Int, progress: ((Int) -> Void)? = nil) throws(Failure) -> Report {
        var report = Report()
        let startFrames = clock.frameCount
        settle()
        report.liveBefore = LiveObjects.counts
        report.xResourcesBefore = purgedResources()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 1...max(1, operations) {
            let operation = SoakOperation.random(scenes: SceneCatalog.names, using: &rng)
            perform(operation)
            runFrames(Int.random(in: 0...8, using: &rng))
            var problems = window.consistencyProblems() + eventProblems
            if index % 25 == 0 {
                settle()
                problems += window.consistencyProblems() + eventProblems + pairing.openDescriptions.map { "after settling, \($0)" }
            }
            if !problems.isEmpty {
                throw Failure(seed: seed, operation: index, operationDescription: operation.description, problems: problems)
            }
            if index % 100 == 0, let counts = XResourceCounts.query(display: host.display.pointer, clientOwning: host.xWindow),
               counts.total > report.xResourcesMost?.total ?? -1 {
                report.xResourcesMost = counts
            }
            if index == checkpoint { report.peakRSSAtCheckpointKiB = Self.peakRSSKiB() }
            if index % 1000 == 0 { progress?(index) }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        report.operations = operations
        try finish(into: &report)
        report.frames = clock.frameCount - startFrames
        return report
    }

    // MARK: - Operations

    private func perform(_ operation: SoakOperation) {
        switch operation {
        case let .present(scene):
            clickView("present-\(scene)", twice: false)
        case let .presentThenEscape(scene, frames):
            clickView("present-\(scene)", twice: false)
            runFrames(frames)
            press(.escape)
        case let .dismissThenPresentAgain(frames):
            guard let top = window.presentedViewControllers.last else { return }
            press(.escape)
            runFrames(frames)
            if top.isBeingDismissed, let presenting = top.presentingViewController { presenting.present(top, animated: true) }
        case .tapDismiss:
            clickView("dismiss", twice: false)
        case let .click(point, twice):
            click(at: point, twice: twice)
        case let .clickView(identifier, twice):
            clickView(identifier, twice: twice)
        case let .key(key):
            press(key)
        case let .dragSheet(distance, frames):
            dragSheet(by: distance, over: frames)
        case let .resize(size):
            resize(to: size)
        case let .setReduceMotion(on):
            AnimationSettings.reduceMotion = on
        case let .wait(frames):
            runFrames(frames)
        }
    }

    private func click(at point: Point, twice: Bool) {
        for _ in 0..<(twice ? 2 : 1) {
            window.send(.pointerDown(point, button: 1, time: clock.now))
            runFrames(1)
            window.send(.pointerUp(point, button: 1, time: clock.now))
            runFrames(1)
        }
    }

    private func clickView(_ identifier: String, twice: Bool) {
        guard let view = window.view(withIdentifier: identifier) else { return }
        let frame = view.convert(view.bounds, to: window)
        click(at: Point(x: frame.midX, y: frame.midY), twice: twice)
    }

    private func press(_ key: Key) {
        window.send(.keyDown(key, time: clock.now))
        runFrames(1)
        window.send(.keyUp(key, time: clock.now))
    }

    /// Presses near the top edge of a bottom sheet (where its grabber is), moves in equal steps one frame
    /// apart and releases: the release velocity is the distance over the time taken.
    private func dragSheet(by distance: Double, over frames: Int) {
        guard let top = window.presentedViewControllers.last, top.presentationController?.presentationStyle == .bottomSheet,
              let view = top.presentationController?.presentedView, view.window === window else { return }
        let frame = view.convert(view.bounds, to: window)
        var point = Point(x: frame.midX, y: frame.minY + 8)
        window.send(.pointerDown(point, button: 1, time: clock.now))
        for _ in 0..<frames {
            runFrames(1)
            point.y += distance / Double(frames)
            window.send(.pointerMoved(point, time: clock.now))
        }
        runFrames(1)
        window.send(.pointerUp(point, button: 1, time: clock.now))
    }

    /// Resizes the X window and lets the host see the ConfigureNotify, as a window manager's resize does.
    private func resize(to size: Size) {
        XResizeWindow(host.display.pointer, host.xWindow, UInt32(size.width), UInt32(size.height))
        host.display.sync()
        host.processPendingEvents()
        runFrames(1)
    }

    // MARK: - Frames

    private func runFrames(_ count: Int) {
        for _ in 0..<count {
            window.setNeedsFrame()
            clock.step()
        }
        // Keep the X server's queue short and read what it sent (ConfigureNotify, errors).
        host.display.sync()
        host.processPendingEvents()
    }

    /// Runs frames until nothing animates or asks for a frame, up to 10 s of virtual time.
    private func settle() {
        var frames = 0
        while (window.animationEngine.hasRunningAnimations || clock.needsFrame) && frames < 600 {
            clock.step()
            frames += 1
        }
        host.display.sync()
        host.processPendingEvents()
    }

    // MARK: - Measuring

    /// What the window's client holds in the X server once the renderer has dropped its caches.
    private func purgedResources() -> XResourceCounts? {
        host.renderer.purgeCaches()
        host.display.sync()
        return XResourceCounts.query(display: host.display.pointer, clientOwning: host.xWindow)
    }

    /// Growth of peak memory allowed from the checkpoint to the end, in KiB (runs of 1,000 operations or more).
    public static let allowedPeakRSSGrowthKiB = 1024

    /// Dismisses whatever is still up, settles, and checks that only the home screen's objects are alive.
    private func finish(into report: inout Report) throws(Failure) {
        AnimationSettings.reduceMotion = false
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
        var problems = window.consistencyProblems() + eventProblems + pairing.openDescriptions
        // Pixmaps and pictures are what the renderer makes and must give back. Cursors, GCs and glyph sets
        // come from caches of their own (one cursor per shape, a GC per depth, Xft's closed-font cache).
        if let before = report.xResourcesBefore, let after = report.xResourcesAfter,
           after.pixmaps > before.pixmaps || after.pictures > before.pictures {
            problems.append("with the caches purged the X server holds \(after) at the end, \(before) before the first operation")
        }
        if report.operations >= 1000, report.peakRSSAtEndKiB - report.peakRSSAtCheckpointKiB > Self.allowedPeakRSSGrowthKiB {
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
