import Testing
import Proscenium

/// A controller's default root view is as large as the window it is shown in, as UIKit's is as large as
/// the screen: an animator that reads the presented view's frame before giving it one sees a full view.
@MainActor @Suite("Default root view size")
struct DefaultRootViewSizeTests {
    /// Reads the presented view's frame the moment the animator starts, then presents without animating.
    @MainActor private final class FrameReadingAnimator: AnimatedTransitioning {
        var frameAtStart: Rect?
        func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
        func animateTransition(using context: TransitionContext) {
            let view = context.view(forKey: .to)!
            frameAtStart = view.frame
            view.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
            context.containerView.addSubview(view)
            context.completeTransition(true)
        }
    }

    @MainActor private final class AnimatorDelegate: TransitioningDelegate {
        let animator = FrameReadingAnimator()
        func animationController(forPresented presented: ViewController, presenting: ViewController,
                                 source: ViewController) -> AnimatedTransitioning? { animator }
    }

    /// Records the bounds its view has in `viewDidLoad`.
    @MainActor private final class BoundsRecordingController: ViewController {
        var boundsAtLoad: Rect?
        override func viewDidLoad() { boundsAtLoad = view.bounds }
    }

    @Test func aPresentedControllersViewFillsTheWindowWhenTheAnimatorFirstSeesIt() {
        let fixture = PresentationFixture(size: Size(width: 640, height: 480))
        let delegate = AnimatorDelegate()
        let presented = BoundsRecordingController()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = delegate
        fixture.root.present(presented, animated: true)
        #expect(presented.boundsAtLoad == Rect(x: 0, y: 0, width: 640, height: 480))
        #expect(delegate.animator.frameAtStart == Rect(x: 0, y: 0, width: 640, height: 480))
    }

    @Test func aRootControllersViewIsWindowSizedFromItsLoad() {
        let window = Window(size: Size(width: 500, height: 320), clock: ManualFrameClock())
        let root = BoundsRecordingController()
        window.rootViewController = root
        #expect(root.boundsAtLoad == Rect(x: 0, y: 0, width: 500, height: 320))
    }

    /// A child loaded through its parent takes the size of the parent's window.
    @Test func aChildLoadedInAWindowTakesItsSize() {
        let window = Window(size: Size(width: 300, height: 200), clock: ManualFrameClock())
        let root = ViewController()
        window.rootViewController = root
        let child = BoundsRecordingController()
        root.addChild(child)
        _ = child.view
        #expect(child.boundsAtLoad == Rect(x: 0, y: 0, width: 300, height: 200))
    }

    /// With no window to go by yet, the view takes the size of the window made last, as UIKit's takes
    /// the screen's.
    @Test func aControllerOutsideAnyWindowTakesTheLastWindowsSize() {
        let window = Window(size: Size(width: 720, height: 400), clock: ManualFrameClock())
        let loose = BoundsRecordingController()
        _ = loose.view
        #expect(loose.boundsAtLoad == Rect(x: 0, y: 0, width: 720, height: 400))
        withExtendedLifetime(window) {}
    }

    /// A custom `loadView` that makes its own view keeps it as made.
    @Test func aCustomLoadViewKeepsItsOwnView() {
        @MainActor final class Custom: ViewController {
            override func loadView() { view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
        }
        let window = Window(size: Size(width: 720, height: 400), clock: ManualFrameClock())
        let custom = Custom()
        #expect(custom.view.bounds.size == Size(width: 10, height: 10))
        withExtendedLifetime(window) {}
    }
}
