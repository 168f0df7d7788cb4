import Testing
@testable import Proscenium

/// A tab bar controller's containment order and a tab that redirects the selection from its own
/// callbacks: UIKit's order for children leaving and joining, and one tab shown and appeared at the end.
@MainActor @Suite("Tab bar controller order and redirects")
struct TabBarControllerOrderTests {
    /// Logs its containment and appearance callbacks with whether it is moving to or from its parent; set
    /// `redirect` to select another tab from its `viewWillAppear`, once.
    @MainActor final class Tab: ViewController {
        let name: String
        let log: ProbeLog
        var redirect: Int?
        init(_ name: String, log: ProbeLog) {
            self.name = name
            self.log = log
            super.init()
            title = name
        }
        private var moving: String { isMovingToParent ? " movingTo" : isMovingFromParent ? " movingFrom" : "" }
        override func willMove(toParent parent: ViewController?) { log.entries.append("\(name).willMove(\(parent == nil ? "nil" : "tabs"))") }
        override func didMove(toParent parent: ViewController?) {
            super.didMove(toParent: parent)
            log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "tabs"))")
        }
        override func viewWillAppear(_ animated: Bool) {
            log.entries.append("\(name).viewWillAppear\(moving)")
            if let index = redirect {
                redirect = nil
                tabBarController?.selectedIndex = index
            }
        }
        override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).viewDidAppear\(moving)") }
        override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).viewWillDisappear\(moving)") }
        override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).viewDidDisappear\(moving)") }
    }

    private let log = ProbeLog()
    private let clock = ManualFrameClock()
    private let window: Window
    private let tabs = TabBarController()

    init() {
        window = Window(size: Size(width: 600, height: 400), clock: clock)
        window.rootViewController = tabs
    }

    @Test("the selected tab removed hears willMove(nil) first and disappears moving from its parent; the one joining appears moving to it, then didMove")
    func containmentOrder() {
        let inbox = Tab("inbox", log: log), archive = Tab("archive", log: log)
        tabs.viewControllers = [inbox]
        clock.step()
        log.entries = []
        tabs.viewControllers = [archive]
        #expect(log.entries == ["archive.willMove(tabs)", "inbox.willMove(nil)",
                                "inbox.viewWillDisappear movingFrom", "archive.viewWillAppear movingTo",
                                "inbox.viewDidDisappear movingFrom", "archive.viewDidAppear movingTo",
                                "archive.didMove(tabs)", "inbox.didMove(nil)"], "\(log.entries)")
    }

    @Test("a tab that selects another from its viewWillAppear: the switch waits for the first to end, then the other is shown alone and appeared")
    func redirectFromViewWillAppear() {
        let inbox = Tab("inbox", log: log), gate = Tab("gate", log: log), settings = Tab("settings", log: log)
        tabs.viewControllers = [inbox, gate, settings]
        clock.step()
        gate.redirect = 2
        log.entries = []
        tabs.selectedIndex = 1
        #expect(tabs.selectedViewController === settings)
        #expect(tabs.contentView.subviews.count == 1 && tabs.contentView.subviews.first === settings.view)
        #expect(gate.appearanceState == .disappeared && settings.appearanceState == .appeared && inbox.appearanceState == .disappeared)
        #expect(log.entries.filter { $0.hasPrefix("gate.") } == ["gate.viewWillAppear", "gate.viewDidAppear",
                                                                 "gate.viewWillDisappear", "gate.viewDidDisappear"], "\(log.entries)")
        #expect(window.consistencyProblems().isEmpty, "\(window.consistencyProblems())")
    }
}
