import Foundation
import Proscenium
import ProsceniumX11
import TestSupport

/// The cost of a presentation frame: a home screen under a full-window dimming that fades every frame and
/// a shadowed card springing in (the bouncy seed's numbers), then sliding out. Frames are stepped by a
/// manual clock at exact 1/60 s so each is measured alone, app and X server CPU together.
@MainActor enum PresentationBenchmark {
    static func run() async throws {
        for size in [Size(width: 1280, height: 800), Size(width: 2560, height: 1440)] {
            try await measure(at: size)
        }
    }

    private static func measure(at size: Size) async throws {
        let server = try await PrivateXvfb.start(width: Int(size.width), height: Int(size.height))
        defer { server.stop() }
        let display = try Display(name: server.displayName)
        let clock = ManualFrameClock()
        let host = WindowHost(display: display, configuration: WindowConfiguration(title: "bench", size: size), clock: clock)
        host.onClose = {}
        while !host.isMapped {
            display.sync()
            host.processPendingEvents()
        }
        let home = Scenes.cards(count: 6)
        host.window.rootViewController = home.controller
        clock.step()
        display.sync()

        let card = ViewController()
        card.view.backgroundColor = Color(red: 1, green: 0.29, blue: 0.49)
        card.view.shadowOpacity = 0.5
        card.view.shadowRadius = 10
        card.view.shadowOffset = .zero
        card.view.cornerRadius = 20
        let transitions = CardTransitions()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions

        var present = FrameSamples(), dismiss = FrameSamples()
        home.controller.present(card, animated: true)
        present.run(host: host, server: server, frames: 48) // 0.8 s spring
        card.dismiss(animated: true)
        dismiss.run(host: host, server: server, frames: 18) // 0.3 s slide
        withExtendedLifetime(transitions) {}
        let label = "\(Int(size.width))x\(Int(size.height))"
        report("presentation \(label): present, CPU app + X per frame / frame p50 / p99",
               "\(format(present.cpuPerFrame)) / \(format(present.times.median)) / \(format(present.times.p99))")
        report("presentation \(label): dismiss, CPU app + X per frame / frame p50 / p99",
               "\(format(dismiss.cpuPerFrame)) / \(format(dismiss.times.median)) / \(format(dismiss.times.p99))")
    }

    /// The bouncy seed's presentation: half-black dimming, a card inset 30, a spring in and a slide out.
    private final class CardTransitions: TransitioningDelegate {
        final class Inset: DimmingPresentationController {
            override var dimmingAlpha: Double { 0.5 }
            override var frameOfPresentedViewInContainerView: Rect {
                (containerView?.bounds ?? .zero).insetBy(dx: 30, dy: 30)
            }
        }
        func presentationController(forPresented presented: ViewController, presenting: ViewController?,
                                    source: ViewController) -> PresentationController? {
            Inset(presentedViewController: presented, presenting: presenting)
        }
        func animationController(forPresented presented: ViewController, presenting: ViewController,
                                 source: ViewController) -> AnimatedTransitioning? {
            SlideTransitionAnimator(isPresenting: true, edge: .top, duration: 0.8,
                                    timingParameters: SpringTimingParameters(dampingRatio: 0.6, initialVelocity: 10))
        }
        func animationController(forDismissed dismissed: ViewController) -> AnimatedTransitioning? {
            SlideTransitionAnimator(isPresenting: false, edge: .top, duration: 0.3)
        }
    }
}

/// Per-frame wall times (start to drawn by the X server) and the CPU both processes spent.
struct FrameSamples {
    var times = Samples()
    var cpuPerFrame = 0.0

    @MainActor mutating func run(host: WindowHost, server: PrivateXvfb, frames: Int) {
        let clock = host.window.clock as! ManualFrameClock
        let before = ProcessCPU.seconds(pid: getpid()) + ProcessCPU.seconds(pid: server.pid)
        for _ in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            clock.step()
            host.display.sync()
            times.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let cpu = ProcessCPU.seconds(pid: getpid()) + ProcessCPU.seconds(pid: server.pid) - before
        cpuPerFrame = cpu * 1000 / Double(frames)
    }
}
