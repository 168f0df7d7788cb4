import Proscenium

/// A horizontal slider from 0 to 1: press or drag anywhere on it to set the value. `onChange` runs as the
/// value moves; the control's actions run when the press ends on it.
@MainActor final class ValueSlider: Control {
    /// The value, from 0 to 1.
    var value: Double {
        didSet {
            value = min(max(value, 0), 1)
            if value != oldValue { setNeedsLayout() }
        }
    }
    /// Called whenever the user moves the value.
    var onChange: (@MainActor (Double) -> Void)?

    private let track = View()
    private let fill = View()
    private let thumb = View()
    private static let thumbSize = 24.0

    init(value: Double, tint: Color = .systemBlue) {
        self.value = value
        super.init()
        track.backgroundColor = .systemGray4
        track.cornerRadius = 2
        fill.backgroundColor = tint
        fill.cornerRadius = 2
        thumb.backgroundColor = .white
        thumb.cornerRadius = Self.thumbSize / 2
        thumb.shadowOpacity = 0.25
        thumb.shadowRadius = 3
        thumb.shadowOffset = Point(x: 0, y: 1)
        for part in [track, fill, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
    }

    override func layoutSubviews() {
        let bounds = self.bounds, half = Self.thumbSize / 2
        let span = max(0, bounds.width - Self.thumbSize)
        let midY = bounds.midY
        track.frame = Rect(x: half, y: midY - 2, width: span, height: 4)
        fill.frame = Rect(x: half, y: midY - 2, width: span * value, height: 4)
        thumb.frame = Rect(x: span * value, y: midY - half, width: Self.thumbSize, height: Self.thumbSize)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        super.touchesBegan(touches, with: event)
        track(touches)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        super.touchesMoved(touches, with: event)
        track(touches)
    }

    private func track(_ touches: Set<Touch>) {
        guard isEnabled, let touch = touches.first else { return }
        let span = max(1, bounds.width - Self.thumbSize)
        value = (touch.location(in: self).x - Self.thumbSize / 2) / span
        onChange?(value)
    }
}
