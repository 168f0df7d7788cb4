import Proscenium
import ProsceniumGallery

/// Context menus in the soak: the counter's menu opened by a right click (wherever it is, under whatever
/// is presented) or by the Menu key on it, rows chosen by pointer or keys, closed by Escape, by a click
/// elsewhere, or by a right click elsewhere. Drawn from a random stream of its own, so a seed's other
/// operations stay the ones they were.
enum SoakMenus: CustomStringConvertible {
    case rightClickCounter
    case rightClick(x: Double, y: Double)
    case menuKeyOnCounter
    case key(Key)
    case clickRow(Int)

    /// Nothing most of the time; otherwise one of the menu operations.
    static func random(in size: Size, using rng: inout SeededGenerator) -> SoakMenus? {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<2: return .rightClickCounter
        case 2..<3: return .rightClick(x: Double.random(in: 0..<size.width, using: &rng).rounded(),
                                       y: Double.random(in: 0..<size.height, using: &rng).rounded())
        case 3..<4: return .menuKeyOnCounter
        case 4..<6: return .key([.up, .down, .home, .end, .return, .escape].randomElement(using: &rng)!)
        case 6..<7: return .clickRow(Int.random(in: 0..<4, using: &rng))
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .rightClickCounter: "right-click the counter"
        case let .rightClick(x, y): "right-click at (\(Int(x)), \(Int(y)))"
        case .menuKeyOnCounter: "focus the counter and press the Menu key"
        case let .key(key): "press \(key) (a menu may be open)"
        case let .clickRow(row): "click row \(row) of an open menu"
        }
    }
}

extension GallerySoak {
    func perform(_ operation: SoakMenus) {
        switch operation {
        case .rightClickCounter:
            guard let counter = window.view(withIdentifier: "counter") else { return notes.append("no counter") }
            let frame = counter.convert(counter.bounds, to: window)
            rightClick(at: Point(x: frame.midX, y: frame.midY))
        case let .rightClick(x, y):
            rightClick(at: Point(x: x, y: y))
        case .menuKeyOnCounter:
            guard let counter = window.view(withIdentifier: "counter") else { return notes.append("no counter") }
            _ = counter.becomeFirstResponder()
            press(.menu)
        case let .key(key):
            press(key)
        case let .clickRow(row):
            guard let menu = window.view(withIdentifier: "context-menu") else { return notes.append("no menu open") }
            let frame = menu.convert(menu.bounds, to: window)
            click(at: Point(x: frame.midX, y: min(frame.maxY - 2, frame.minY + 6 + 30 * Double(row) + 15)), twice: false)
        }
    }

    private func rightClick(at point: Point) {
        releaseHeld(first: true)
        window.send(.pointerDown(point, button: 3, time: clock.now))
        runFrames(1)
        window.send(.pointerUp(point, button: 3, time: clock.now))
    }
}
