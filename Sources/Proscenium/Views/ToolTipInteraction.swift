/// A short text shown beside the pointer when it rests on a view, as UIKit's `UIToolTipInteraction` and
/// the tooltips of every desktop toolkit. The pointer resting half a second on the view shows it; moving
/// on to another view with a tooltip while one shows switches at once; leaving, a click, a key or the
/// wheel hides it, and it stays hidden until the pointer has left the view. Screen readers read the text
/// as the view's hint when it has none of its own. `Control.toolTip` attaches one for you.
@MainActor public final class ToolTipInteraction: Interaction {
    /// The view the interaction is attached to.
    public private(set) weak var view: View?
    /// Whether it shows anything; a disabled interaction is as if it were not there (its tooltip goes).
    public var isEnabled = true {
        didSet { if !isEnabled { view?.window?.forgetToolTip(of: self) } }
    }
    /// The text shown where the delegate gives no other (or there is no delegate), and the hint screen
    /// readers read; changed while shown, the tooltip says the new text at once.
    public var defaultToolTip: String? {
        didSet {
            guard defaultToolTip != oldValue, let window = view?.window else { return }
            window.toolTipTextChanged(of: self)
            window.accessibilityDidChange()
        }
    }
    /// Decides the tooltip for each spot of the view, as UIKit's `UIToolTipInteractionDelegate`: parts
    /// of one view (a table's rows, a chart's bars) can each have their own.
    public weak var delegate: ToolTipInteractionDelegate?

    /// An interaction showing `defaultToolTip`.
    public init(defaultToolTip: String? = nil) {
        self.defaultToolTip = defaultToolTip
    }

    public func willMove(to view: View?) {
        self.view?.window?.forgetToolTip(of: self)
    }

    public func didMove(to view: View?) {
        self.view = view
    }

    /// The tooltip for `point` in the view's coordinates: the delegate's if there is one, else the default
    /// text over the whole view; nil (or empty text) shows none.
    func configuration(at point: Point) -> ToolTipConfiguration? {
        guard isEnabled else { return nil }
        let configuration = delegate.map { $0.toolTipInteraction(self, configurationAt: point) } ?? defaultConfiguration
        guard let configuration, !configuration.toolTip.isEmpty else { return nil }
        return configuration
    }

    /// `defaultToolTip` over the whole view.
    var defaultConfiguration: ToolTipConfiguration? {
        defaultToolTip.map { ToolTipConfiguration(toolTip: $0) }
    }
}

/// Tells a `ToolTipInteraction` what to show where, as UIKit's `UIToolTipInteractionDelegate`.
@MainActor public protocol ToolTipInteractionDelegate: AnyObject {
    /// The tooltip for the pointer at `point` (in the interaction's view), or nil for none there. By
    /// default, the interaction's `defaultToolTip` over the whole view.
    func toolTipInteraction(_ interaction: ToolTipInteraction, configurationAt point: Point) -> ToolTipConfiguration?
}

extension ToolTipInteractionDelegate {
    public func toolTipInteraction(_ interaction: ToolTipInteraction, configurationAt point: Point) -> ToolTipConfiguration? {
        interaction.defaultConfiguration
    }
}

/// What a tooltip says and the part of its view it is about, as UIKit's `UIToolTipConfiguration`.
@MainActor public final class ToolTipConfiguration {
    /// The text, wrapped at about 40 characters.
    public let toolTip: String
    /// The part of the view (in its coordinates) the text is about; nil for the whole view. The tooltip
    /// goes when the pointer leaves it, and the delegate is asked again.
    public let sourceRect: Rect?

    /// A tooltip saying `toolTip` about the whole view.
    public init(toolTip: String) {
        self.toolTip = toolTip
        self.sourceRect = nil
    }

    /// A tooltip saying `toolTip` about `sourceRect` of the view.
    public init(toolTip: String, in sourceRect: Rect) {
        self.toolTip = toolTip
        self.sourceRect = sourceRect
    }
}

extension View {
    /// The tooltip interaction that shows for this view: the last enabled one attached, as the last
    /// added interaction comes first.
    var activeToolTipInteraction: ToolTipInteraction? {
        interactions.last { ($0 as? ToolTipInteraction)?.isEnabled == true } as? ToolTipInteraction
    }
}

extension Control {
    /// The text of the control's tooltip, as UIKit's `UIControl.toolTip`: setting it attaches a
    /// `ToolTipInteraction` (or changes the text of `toolTipInteraction`); nil or "" removes it.
    public var toolTip: String? {
        get { toolTipInteraction?.defaultToolTip }
        set {
            if let newValue, !newValue.isEmpty {
                if let interaction = toolTipInteraction { interaction.defaultToolTip = newValue }
                else { addInteraction(ToolTipInteraction(defaultToolTip: newValue)) }
            } else if let interaction = toolTipInteraction {
                removeInteraction(interaction)
            }
        }
    }

    /// The tooltip interaction `toolTip` manages, as UIKit's `UIControl.toolTipInteraction`: the first
    /// one attached; nil when there is none.
    public var toolTipInteraction: ToolTipInteraction? {
        interactions.first { $0 is ToolTipInteraction } as? ToolTipInteraction
    }
}
