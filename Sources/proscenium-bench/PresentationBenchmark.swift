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
        // The gallery card's content: a title, a line of text and a full-width button 40 px from the bottom.
        let cardSize = Size(width: size.width - 60, height: size.height - 60)
        let title = Label(text: "Bouncy", frame: Rect(x: 24, y: 24, width: cardSize.width - 48, height: 42))
        title.font = .systemFont(ofSize: 34, weight: .bold)
        title.textColor = .white
        let body = Label(text: "Dropped in on a spring: damping 0.6, initial velocity 10.",
                         frame: Rect(x: 24, y: 76, width: cardSize.width - 48, height: 48))
        body.textColor = .white
        let button = Button(title: "Dismiss", frame: Rect(x: 0, y: cardSize.height - 108, width: cardSize.width, height: 68))
        button.tintColor = .white
        for view in [title, body, button] as [View] { card.view.addSubview(view) }
        let transitions = CardTransitions()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions

        var present = FrameSamples(), dismiss = FrameSamples()
        // Ten rounds, so that the CPU clock's 10 ms ticks blur the per-frame figure by under 0.03 ms.
        for _ in 0..<10 {
            home.controller.present(card, animated: true)
            present.run(host: host, server: server, frames: 48) // 0.8 s spring
            card.dismiss(animated: true)
            dismiss.run(host: host, server: server, frames: 18) // 0.3 s slide
            clock.step()
        }
        withExtendedLifetime(transitions) {}
        let label = "\(Int(size.width))x\(Int(size.height))"
        for (phase, samples) in [("present", present), ("dismiss", dismiss)] {
            report("presentation \(label): \(phase), CPU per frame app + X = total / frame p50 / p99",
                   "\(format(samples.appCPUPerFrame)) + \(format(samples.serverCPUPerFrame)) = \(format(samples.cpuPerFrame))"
                   + " / \(format(samples.times.median)) / \(format(samples.times.p99))")
        }
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

/// Per-frame wall times (start to drawn by the X server) and the CPU both processes spent, summed over
/// every `run`.
struct FrameSamples {
    var times = Samples()
    private var frames = 0
    private var appCPU = 0.0, serverCPU = 0.0
    /// CPU per frame, in ms: the app's, the X server's, and both.
    var appCPUPerFrame: Double { appCPU * 1000 / Double(max(frames, 1)) }
    var serverCPUPerFrame: Double { serverCPU * 1000 / Double(max(frames, 1)) }
    var cpuPerFrame: Double { appCPUPerFrame + serverCPUPerFrame }

    @MainActor mutating func run(host: WindowHost, server: PrivateXvfb, frames count: Int) {
        let clock = host.window.clock as! ManualFrameClock
        let appBefore = ProcessCPU.sample(pid: getpid()), serverBefore = ProcessCPU.sample(pid: server.pid)
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            clock.step()
            host.display.sync()
            times.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        appCPU += ProcessCPU.seconds(from: appBefore, to: ProcessCPU.sample(pid: getpid()))
        serverCPU += ProcessCPU.seconds(from: serverBefore, to: ProcessCPU.sample(pid: server.pid))
        frames += count
    }
}
