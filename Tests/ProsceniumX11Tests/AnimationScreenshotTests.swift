import Foundation
import Proscenium
import ProsceniumX11
import Testing
import TestSupport

/// Animation as it reaches the screen: a view mid-spring at a fixed virtual time, against a golden PNG.
@MainActor @Suite("Animation screenshots")
struct AnimationScreenshotTests {
    @Test("a card mid-spring at t = 0.1 s is drawn where the closed form puts it")
    func midSpring() async throws {
        let fixture = try await HostFixture(size: Size(width: 480, height: 240))
        defer { fixture.stop() }
        fixture.root.backgroundColor = Color(hex: 0xF2F2F7)
        let card = View(frame: Rect(x: 20, y: 60, width: 120, height: 120))
        card.backgroundColor = Color(hex: 0x4D96FF)
        card.cornerRadius = 18
        card.shadowOpacity = 0.3
        card.shadowRadius = 8
        card.shadowOffset = Point(x: 0, y: 4)
        fixture.root.addSubview(card)
        fixture.frame()

        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                     animations: { card.center = Point(x: card.center.x + 300, y: card.center.y) })
        #expect(card.center.x == 380, "the model value changes at once")
        fixture.clock.advance(by: 0.1)

        let expectedX = 80 + 300 * Self.springProgress(at: 0.1, duration: 0.8, damping: 0.6, velocity: 0)
        #expect(abs(card.presentation.center.x - expectedX) < 1e-6)
        let image = try fixture.capture()
        // The card's left edge on screen: the first blue pixel along its middle row.
        let row = 120
        let left = (0..<image.width).first { image.color(atX: $0, y: row).isClose(to: Color(hex: 0x4D96FF), tolerance: 6) }
        #expect(left.map { abs(Double($0) - (expectedX - 60)) <= 1 } == true)
        try await ImageComparison.assertMatches(image, golden: ImageComparison.goldenPath("mid-spring"), tolerance: 8)
    }

    /// UIKit's spring progress, written out independently of the engine: settling time `duration`,
    /// envelope down to 0.001 at the end, unit mass.
    static func springProgress(at t: Double, duration: Double, damping zeta: Double, velocity: Double) -> Double {
        let epsilon = 0.001
        let omega0 = -log(epsilon * (1 - zeta * zeta).squareRoot() / zeta) / (zeta * duration)
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let envelope = exp(-zeta * omega0 * t)
        let displacement = envelope * (-cos(omegaD * t) + (velocity - zeta * omega0) / omegaD * sin(omegaD * t))
        return 1 + displacement
    }
}
