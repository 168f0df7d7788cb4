import CX11
import Foundation
import Proscenium
import ProsceniumGallery
import ProsceniumX11

/// Seeded random operations on the demo's gallery, in this process, on a window of a real X server,
/// driven by a manual clock as fast as the CPU allows. After every operation the window's self-check
/// and the pairing of transition events must hold; at the end everything presented must be gone again.
@MainActor public final class GallerySoak {
    /// The scenes the main stream of operations presents: the presentations the gallery had before
    /// scrolling and navigation, so that a seed keeps meaning the same sequence of operations. The list,
    /// navigation and action-sheet scenes come from the navigation stream (see `SoakNavigation`).
    static let presentationScenes = ["bouncy", "side-panel", "overlay", "cool", "sheet", "alert", "rename"]

    /// A broken invariant: which seed, which operation, what was wrong. Replaying the seed up to that
    /// operation reproduces it.
    public struct Failure: Error, CustomStringConvertible {
        public let seed: UInt64
        /// The 1-based number of the operation after which the problems showed, 0 for the final checks.
        public let operation: Int
        public let operationDescription: String
        public let problems: [String]
        /// The window's controllers when it broke, with their phases, for the report.
        public let state: String
        /// The operations performed just before, oldest first, numbered.
        public let recent: [String]

        public init(seed: UInt64, operation: Int, operationDescription: String, problems: [String], state: String = "",
                    recent: [String] = []) {
            self.seed = seed
            self.operation = operation
            self.operationDescription = operationDescription
            self.problems = problems
            self.state = state
            self.recent = recent
        }

        public var description: String {
            let place = operation > 0 ? "operation \(operation) (\(operationDescription))" : "the final checks"
            return "soak seed \(seed) broke at \(place):\n  " + problems.joined(separator: "\n  ")
                + (state.isEmpty ? "" : "\n  (\(state))")
                + (recent.isEmpty ? "" : "\n  after: " + recent.joined(separator: "\n         "))
                + "\nreplay: proscenium-bench soak --seed \(seed) --operations \(max(operation, 1))"
                + " (PROSCENIUM_SOAK_TRACE=1 prints each operation; PROSCENIUM_SOAK_ONLY=3,17,40-45 replays some of them)"
        }
    }

    /// What a finished soak measured.
    public struct Report: Sendable {
        public var operations = 0
        public var frames = 0
        public var seconds = 0.0
        public var transitionsEnded = 0
        /// Operations after which problems were found and the run went on (`keepGoing`).
        public var failuresSeen = 0
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
    var rng: SeededGenerator
    /// The stream scroll input is drawn from (see `SoakScroll`).
    var scrollRNG: SeededGenerator
    /// The stream navigation and alert operations are drawn from (see `SoakNavigation`).
    var navigationRNG: SeededGenerator
    /// The stream the controls scene's operations are drawn from (see `SoakControls`).
    var controlsRNG: SeededGenerator
    /// The stream the appearance's operations are drawn from (see `SoakAppearance`).
    var appearanceRNG: SeededGenerator
    /// The stream the context menus' operations are drawn from (see `SoakMenus`).
    var menusRNG: SeededGenerator

    /// Performs what one of the side streams drew for this operation, if anything, and notes it.
    private func then<Operation: CustomStringConvertible>(_ operation: Operation?, _ perform: (Operation) -> Void) {
        guard let operation else { return }
        perform(operation)
        notes.append("then \(operation)")
    }
    let host: WindowHost
    let clock = ManualFrameClock()
    let home: HomeViewController
    var pairing = TransitionPairing()
    /// The reference model of the window's presentation stack, stepped by its events and compared with
    /// it after every operation.
    let model: PresentationStackModel
    var eventProblems: [String] = []
    var window: Proscenium.Window { host.window }
    /// The soak's own controllers and what they saw.
    let world: ProbeWorld
    /// Where the press held across operations is, if one is held.
    var heldPoint: Point?
    /// What the current operation did beyond its description (where a press landed, what it skipped).
    var notes: [String] = []
    /// The last few operations performed, for a failure report.
    var recentOperations: [String] = []

    /// A soak of the gallery in a new window on `display`, at `size`, drawing operations from `seed`.
    public init(display: Display, seed: UInt64, size: Size = Size(width: 1280, height: 800)) {
        self.seed = seed
        rng = SeededGenerator(seed: seed)
        scrollRNG = SeededGenerator(seed: seed ^ 0x5C20_11ED_5C20_11ED)
        navigationRNG = SeededGenerator(seed: seed ^ 0x0BAC_C0DE_0BAC_C0DE)
        controlsRNG = SeededGenerator(seed: seed ^ 0xC047_2015_C047_2015)
        appearanceRNG = SeededGenerator(seed: seed ^ 0xDA2C_DA2C_DA2C_DA2C)
        menusRNG = SeededGenerator(seed: seed ^ 0x3E2B_3E2B_3E2B_3E2B)
        host = WindowHost(display: display, configuration: WindowConfiguration(
            title: "soak", size: size, minimumSize: Size(width: 480, height: 480)), clock: clock)
        host.onClose = {}
        while !host.isMapped {
            display.sync()
            host.processPendingEvents()
        }
        home = HomeViewController()
        model = PresentationStackModel(window: host.window)
        world = ProbeWorld(window: host.window, home: home)
        window.rootViewController = home
        window.presentationObserver = { [unowned self] event in
            if let problem = pairing.record(event) { eventProblems.append(problem) }
            model.record(event)
        }
        clock.step()
    }

    /// Runs `operations` random operations, checking after each; the memory and X resource checkpoint is
    /// taken after `checkpoint` operations. With `only`, performs just the operations with those (1-based)
    /// numbers, drawn as in the full run: a failing run can be cut down to the operations that matter
    /// (`withoutFramesAfter` drops the frames drawn to follow those operations).
    /// `trace` hears of every operation performed, with what it did. Throws the first `Failure`, unless
    /// `keepGoing` is given: then it hears of each and the run goes on (to see more than one defect in a
    /// run; what follows a broken invariant may be its consequence). The final checks always throw.
    public func run(operations: Int, checkpoint: Int, only: Set<Int>? = nil, withoutFramesAfter: Set<Int> = [],
                    trace: ((Int, String) -> Void)? = nil,
                    keepGoing: ((Failure) -> Void)? = nil, progress: ((Int) -> Void)? = nil) throws(Failure) -> Report {
        var report = Report()
        let startFrames = clock.frameCount
        warmUp(pagingThroughTheList: (only?.count ?? operations) >= Self.operationsComparingPeakRSS)
        settle()
        report.liveBefore = LiveObjects.counts
        report.xResourcesBefore = purgedResources()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 1...max(1, operations) {
            var step = SoakStep.random(scenes: Self.presentationScenes, using: &rng)
            let scroll = SoakScroll.random(in: window.bounds.size, using: &scrollRNG)
            let navigation = SoakNavigation.random(using: &navigationRNG)
            let controls = SoakControls.random(using: &controlsRNG)
            let appearance = SoakAppearance.random(using: &appearanceRNG)
            let menus = SoakMenus.random(in: window.bounds.size, using: &menusRNG)
            if let only, !only.contains(index) { continue }
            if withoutFramesAfter.contains(index) { step = SoakStep(operation: step.operation, framesAfter: 0) }
            world.currentOperation = index
            world.notes = []
            notes = []
            if world.rootReplaced(forAtLeast: world.rootHold) {
                world.restoreRoot()
                notes.append("the home screen went back to being the root first")
            }
            perform(step.operation)
            then(scroll) { perform($0) }
            then(navigation) { perform($0) }
            then(controls) { perform($0) }
            then(appearance) { perform($0) }
            then(menus) { perform($0) }
            runFrames(step.framesAfter)
            var problems = window.consistencyProblems() + model.divergences()
            if index % 25 == 0 {
                settle()
                problems += window.consistencyProblems() + scrollProblems()
                // A held press may be driving a transition (a sheet dragged down): that one stays open.
                if heldPoint == nil {
                    problems += pairing.openDescriptions.map { "after settling, \($0)" }
                        + model.divergences(settled: true).map { "after settling, \($0)" }
                }
            }
            problems += eventProblems + world.problems
            let described = step.operation.description
                + (notes.isEmpty && world.notes.isEmpty ? "" : " [" + (notes + world.notes).joined(separator: "; ") + "]")
            defer {
                recentOperations.append("\(index): \(described)" + (step.framesAfter > 0 ? ", then \(step.framesAfter) frames" : ""))
                if recentOperations.count > 6 { recentOperations.removeFirst() }
            }
            trace?(index, described + (step.framesAfter > 0 ? ", then \(step.framesAfter) frames" : "") + "\n    " + stackDescription())
            if !problems.isEmpty {
                let failure = Failure(seed: seed, operation: index, operationDescription: described, problems: problems,
                                      state: stackDescription(), recent: recentOperations)
                guard let keepGoing else { throw failure }
                keepGoing(failure)
                report.failuresSeen += 1
                eventProblems = []
                world.problems = []
            }
            if index % 100 == 0, let counts = XResourceCounts.query(display: host.display.pointer, clientOwning: host.xWindow),
               counts.total > report.xResourcesMost?.total ?? -1 {
                report.xResourcesMost = counts
            }
            if index >= checkpoint, report.peakRSSAtCheckpointKiB == 0 { report.peakRSSAtCheckpointKiB = Self.peakRSSKiB() }
            if index % 1000 == 0 { progress?(index) }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        report.operations = only?.count ?? operations
        try finish(into: &report)
        report.frames = clock.frameCount - startFrames
        return report
    }

    // MARK: - Operations

    func perform(_ operation: SoakOperation) {
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
        case let .press(target):
            pressAndHold(on: target)
        case let .move(dx, dy, steps):
            moveHeld(by: dx, dy, steps: steps)
        case .release:
            releaseHeld()
        case let .presentProbe(spec, fromTop, animated):
            guard window.presentedViewControllers.count < ProbeWorld.maximumPresented else {
                notes.append("skipped: \(ProbeWorld.maximumPresented) presented already")
                return
            }
            guard let presenter = controller(fromTop: fromTop) else { return }
            let probe = world.present(spec, from: presenter, animated: animated)
            notes.append("\(probe.name) from \(name(of: presenter))" + (probe.presentingViewController == nil ? ", refused" : ""))
        case let .dismissFromCode(fromTop, animated, action):
            guard let controller = controller(fromTop: fromTop) else { return }
            let target = controller.presentedViewController ?? controller
            let presenter = target.presentingViewController
            notes.append("from \(name(of: controller))")
            controller.dismiss(animated: animated) { [weak world, weak target, weak presenter] in
                guard let world, world.armingEnabled, let target else { return }
                if let action {
                    world.notes.append("the dismissal's completion ran \(action)")
                    world.perform(action, for: target, presenter: presenter)
                }
                (target as? ProbeController)?.fire(.dismissCompletion)
            }
        case let .arm(fromTop, reentry):
            guard let controller = controller(fromTop: fromTop) else { return }
            notes.append(world.arm(controller, with: reentry) ? "armed \(name(of: controller))" : "\(name(of: controller)) is no probe")
        case let .adapt(fromTop, animated):
            let presented = window.presentedViewControllers
            guard !presented.isEmpty else { return }
            let controller = presented[presented.count - 1 - min(fromTop, presented.count - 1)]
            notes.append("of \(name(of: controller))")
            controller.presentationController?.updateAdaptivePresentation(animated: animated)
        case let .replaceRoot(operations):
            world.rootHold = operations
            world.toggleRoot()
        case let .cancelDragOverWaitingDismissal(byEscape, frames):
            cancelDragOverWaitingDismissal(byEscape: byEscape, frames: frames)
        }
    }

    /// The controller `fromTop` places below the top of the window's stack: the presented controllers
    /// over the root controller.
    func controller(fromTop: Int) -> ViewController? {
        let stack = [window.rootViewController].compactMap { $0 } + window.presentedViewControllers
        guard !stack.isEmpty else { return nil }
        return stack[stack.count - 1 - min(fromTop, stack.count - 1)]
    }

    /// The window's controllers bottom to top, each with its phase and whether its view is in the window,
    /// for a trace.
    func stackDescription() -> String {
        let stack = [window.rootViewController].compactMap { $0 } + window.presentedViewControllers
        return "stack: " + stack.map { controller in
            var state: [String] = []
            if controller.isBeingPresented { state.append("presenting") }
            if controller.isBeingDismissed { state.append("dismissing") }
            state.append(controller.isAppearing ? "appearing/appeared" : "disappearing/disappeared")
            state.append(controller.viewIfLoaded?.window === window ? "on screen" : "off screen")
            return "\(name(of: controller)) (\(state.joined(separator: ", ")))"
        }.joined(separator: " | ") + (heldPoint.map { " — press held at (\(Int($0.x)), \(Int($0.y)))" } ?? "")
    }

    func name(of controller: ViewController) -> String {
        (controller as? ProbeController)?.name ?? SceneCatalog.name(of: controller)
    }

    // MARK: - Frames

    func runFrames(_ count: Int) {
        for _ in 0..<count {
            window.setNeedsFrame()
            clock.step()
        }
        // Keep the X server's queue short and read what it sent (ConfigureNotify, errors).
        host.display.sync()
        host.processPendingEvents()
    }

    /// Shows the list scene once before the first operation and, for a run long enough to compare peak
    /// RSS, pages through all of it and shows every other scene once (the navigation scene with a section
    /// pushed and its inspector up). Random touches reach the home buttons and scroll input moves the list
    /// anywhere, and the first showing loads what every later one reuses (the Unicode names the rows read,
    /// the fallback fonts of scripts seen for the first time, each scene's font sizes): that must happen
    /// before the memory checkpoint, not be taken for a leak after it. A short run (a replay) skips all but
    /// the list, which would draw some 600 whole frames: it compares the X resources held with the caches
    /// purged, which fonts and names do not touch.
    private func warmUp(pagingThroughTheList: Bool) {
        home.presentScene(named: "list")
        settle()
        for case let list as TableView in window.allViews() where pagingThroughTheList {
            var offset = list.minimumContentOffset.y
            while offset < list.maximumContentOffset.y {
                list.contentOffset = Point(x: 0, y: offset)
                window.setNeedsFrame()
                clock.step()
                offset += max(list.bounds.height, 1)
            }
            list.contentOffset = .zero
        }
        home.dismiss(animated: false)
        settle()
        guard pagingThroughTheList else { return }
        for name in SceneCatalog.names where name != "list" {
            home.presentScene(named: name)
            settle()
            if name == "navigation" {
                for identifier in ["row-general", "show-inspector"] {
                    clickView(identifier, twice: false)
                    settle()
                }
                home.presentedViewController?.presentedViewController?.dismiss(animated: false)
                settle()
            }
            home.dismiss(animated: false)
            settle()
        }
    }

    /// Runs frames until nothing animates or asks for a frame, up to 10 s of virtual time.
    func settle() {
        var frames = 0
        while (window.animationEngine.hasRunningAnimations || clock.needsFrame) && frames < 600 {
            clock.step()
            frames += 1
        }
        host.display.sync()
        host.processPendingEvents()
    }


}
