/// A reference model of a window's presentation stack, stepped by the window's presentation events and
/// compared with the window: which controllers are presented, in which order, which are leaving, and the
/// appearance each must have. Soaks and fuzzers step one alongside a window (stateful testing); what it
/// reports is where the window and the rules of presenting disagree.
@MainActor public final class PresentationStackModel {
    /// One presented controller as the model sees it.
    private struct Entry {
        weak var controller: ViewController?
        let id: ObjectIdentifier
        let name: String
        var state: State
        var style: ModalPresentationStyle
    }

    private enum State: Equatable {
        case presenting, presented, dismissing
        /// The presentation transition ended cancelled: the dismissal follows at once, or it is gone.
        case presentationCancelled
        /// The dismissal ended cancelled: it stays presented, or a presentation follows at once.
        case dismissalCancelled
    }

    private unowned let window: Window
    private var entries: [Entry] = []
    /// Rules broken by events as they came, for the next `divergences`.
    private var eventProblems: [String] = []

    /// A model of `window`'s stack, which must have nothing presented yet.
    public init(window: Window) {
        self.window = window
    }

    /// Steps the model with one of the window's events; give it every event the window reports.
    public func record(_ event: PresentationEvent) {
        let id = ObjectIdentifier(event.controller)
        let index = entries.firstIndex { $0.id == id }
        let name = String(describing: type(of: event.controller))
        switch event.kind {
        case .presentationWillBegin:
            if let index {
                guard entries[index].state == .dismissing || entries[index].state == .dismissalCancelled else {
                    return eventProblems.append("\(name) began presenting while already \(entries[index].state)")
                }
                entries[index].state = .presenting
            } else {
                dropCancelled()
                entries.append(Entry(controller: event.controller, id: id, name: name, state: .presenting, style: event.style))
            }
        case .presentationDidEnd:
            guard let index else { return eventProblems.append("\(name) ended a presentation the model never saw begin") }
            entries[index].state = event.completed == false ? .presentationCancelled : .presented
        case .dismissalWillBegin:
            guard let index else { return eventProblems.append("\(name) began a dismissal the model never saw presented") }
            entries[index].state = .dismissing
        case .dismissalDidEnd:
            guard let index else { return eventProblems.append("\(name) ended a dismissal the model never saw begin") }
            if event.completed == false {
                entries[index].state = .dismissalCancelled
            } else {
                // UIKit's rule: what was above leaves in the same transition, ending no later than this one.
                for above in entries[(index + 1)...] where Self.isAbove(above.controller, inChainOf: event.controller) {
                    eventProblems.append("\(name)'s dismissal ended while \(above.name) above it is still \(above.state)")
                }
                entries.remove(at: index)
            }
        case .adapted:
            if let index { entries[index].style = event.style }
        }
    }

    /// Forgets presentations whose transition ended cancelled with no dismissal following: they are gone.
    private func dropCancelled() {
        entries.removeAll { $0.state == .presentationCancelled || $0.controller == nil }
        for index in entries.indices where entries[index].state == .dismissalCancelled { entries[index].state = .presented }
    }

    /// Where the window differs from the model now, one sentence each; empty when they agree. Call it
    /// between operations (not from inside a callback). With `settled`, every transition is expected to
    /// be over (nothing presenting or leaving: a dismissal that waits is reported) and every presented
    /// view to rest where its presentation controller puts it.
    public func divergences(settled: Bool = false) -> [String] {
        var problems = eventProblems
        eventProblems = []
        dropCancelled()
        let expected = entries.compactMap(\.controller)
        let actual = window.presentedViewControllers
        if expected.map(ObjectIdentifier.init) != actual.map(ObjectIdentifier.init) {
            problems.append("the window presents [\(describe(actual))], the model [\(describe(expected))]")
        }
        for (position, entry) in entries.enumerated() {
            guard let controller = entry.controller else { continue }
            let onScreen = controller.viewIfLoaded?.window === window
            switch entry.state {
            case .dismissing:
                if !controller.isBeingDismissed { problems.append("\(entry.name) is leaving in the model but not in the window") }
                if controller.isAppearing { problems.append("\(entry.name) is leaving but reported appearing or appeared") }
                if settled { problems.append("\(entry.name) is still leaving after everything settled: its dismissal waits") }
                // Everything above a leaving controller leaves with it.
                for above in entries[(position + 1)...] where above.state != .dismissing
                    && Self.isAbove(above.controller, inChainOf: controller) {
                    problems.append("\(above.name) stays above \(entry.name), which is leaving")
                }
            case .presenting:
                if !controller.isBeingPresented { problems.append("\(entry.name) is coming in in the model but not in the window") }
                if settled { problems.append("\(entry.name) is still coming in after everything settled") }
            case .presented:
                if controller.isBeingPresented || controller.isBeingDismissed {
                    problems.append("\(entry.name) is presented in the model but moving in the window")
                }
                let isTop = !entries[(position + 1)...].contains { $0.state == .presented || $0.state == .presenting }
                if isTop, !controller.isAppearing || !onScreen {
                    problems.append("\(entry.name) is the top presented controller but has not appeared on screen")
                }
                if settled, let misplaced = misplacement(of: controller, name: entry.name) { problems.append(misplaced) }
            case .presentationCancelled, .dismissalCancelled:
                break
            }
        }
        if entries.isEmpty, let root = window.rootViewController, settled,
           !root.isAppearing || root.viewIfLoaded?.window !== window {
            problems.append("nothing is presented but the root controller has not appeared on screen")
        }
        return problems
    }

    /// Whether `upper` is presented, directly or through others, by `lower`.
    private static func isAbove(_ upper: ViewController?, inChainOf lower: ViewController) -> Bool {
        var presenter = upper?.presentingViewController
        while let current = presenter {
            if current === lower { return true }
            presenter = current.presentingViewController
        }
        return false
    }

    /// The presented view's distance from where its presentation controller puts it, if it is not there.
    private func misplacement(of controller: ViewController, name: String) -> String? {
        guard let presentation = controller.presentationController, let view = presentation.presentedView,
              view.window === window, view.superview === presentation.containerView else { return nil }
        let target = presentation.frameOfPresentedViewInContainerView
        let frame = view.frame
        let off = [frame.minX - target.minX, frame.minY - target.minY, frame.width - target.width, frame.height - target.height]
        guard off.contains(where: { abs($0) > 0.5 }) else { return nil }
        return "\(name)'s view rests at \(Self.describe(frame)), not at \(Self.describe(target)) where its "
            + "\(type(of: presentation)) puts it"
    }

    private func describe(_ controllers: [ViewController]) -> String {
        controllers.map { String(describing: type(of: $0)) }.joined(separator: ", ")
    }

    private static func describe(_ rect: Rect) -> String {
        "(\(Int(rect.minX)), \(Int(rect.minY)), \(Int(rect.width))x\(Int(rect.height)))"
    }
}
