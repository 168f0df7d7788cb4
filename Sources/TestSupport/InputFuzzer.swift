import CX11
import Foundation
import Proscenium

/// Random input at full speed through XTest, the way a hurried user (or a cat) produces it: pointer
/// moves, clicks, double clicks, drags, wheel turns, keys, and window resizes through the X server.
/// Seeded, so a run can be repeated.
@MainActor public final class InputFuzzer {
    /// How many inputs of each kind were sent.
    public private(set) var counts: [String: Int] = [:]
    private let input: XTestInput
    private let display: OpaquePointer
    private let window: CX11.Window
    private var rng: SeededGenerator
    private var size: (width: Int, height: Int)

    /// Fuzzes the window `window` (of any client) on `displayName`, drawing inputs from `seed`.
    public init(displayName: String, window: UInt, seed: UInt64, size: (width: Int, height: Int)) throws {
        input = try XTestInput(displayName: displayName)
        guard let display = XOpenDisplay(displayName) else { throw XTestInputError.cannotOpen(displayName) }
        self.display = display
        self.window = CX11.Window(window)
        rng = SeededGenerator(seed: seed)
        self.size = size
    }

    isolated deinit {
        XCloseDisplay(display)
    }

    /// Sends random input until `seconds` have passed; every input waits for the server to have it.
    /// Yields after each one, so other work on the main actor (other tests) keeps running meanwhile.
    public func run(for seconds: Double) async {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            step()
            await Task.yield()
        }
        // Leave nothing held down.
        input.release(button: 1)
    }

    private func step() {
        let origin = windowOrigin()
        func anywhere() -> Point {
            // Mostly inside the window, sometimes just outside it.
            Point(x: origin.x + Double(Int.random(in: -20...(size.width + 20), using: &rng)),
                  y: origin.y + Double(Int.random(in: -20...(size.height + 20), using: &rng)))
        }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<25:
            count("move")
            input.move(to: anywhere())
        case 25..<50:
            count("click")
            input.click(at: anywhere())
        case 50..<58:
            count("double click")
            let point = anywhere()
            input.click(at: point)
            input.click(at: point)
        case 58..<70:
            count("drag")
            input.drag(from: anywhere(), to: anywhere(), steps: Int.random(in: 1...12, using: &rng))
        case 70..<76:
            count("wheel")
            input.move(to: anywhere())
            input.click(at: anywhere(), button: Bool.random(using: &rng) ? 4 : 5)
        case 76..<78:
            count("right click")
            input.click(at: anywhere(), button: 3)
        case 78..<94:
            count("key")
            let keys = [XK_Escape, XK_Return, XK_Tab, XK_space, XK_BackSpace, XK_Up, XK_Down, XK_a, XK_z, XK_1]
            input.key(UInt(keys.randomElement(using: &rng)!))
        default:
            count("resize")
            size = (Int.random(in: 480...1400, using: &rng), Int.random(in: 480...900, using: &rng))
            XResizeWindow(display, window, UInt32(size.width), UInt32(size.height))
            XSync(display, 0)
        }
    }

    private func count(_ kind: String) { counts[kind, default: 0] += 1 }

    /// The window's top-left on the screen (it may have been moved or reparented).
    private func windowOrigin() -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: CX11.Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        return Point(x: Double(x), y: Double(y))
    }
}
