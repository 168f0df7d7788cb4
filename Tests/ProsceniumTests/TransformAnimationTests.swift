import Glibc
import Testing
@testable import Proscenium

/// A view's `transform` animated as Core Animation animates it: from its parts (move, turn, shear, scale),
/// so a turning view keeps its size on the way and goes the nearer way round.
@MainActor @Suite("Transform animation")
struct TransformAnimationTests {
    private func matches(_ t: AffineTransform, _ u: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
        close(t.a, u.a, tolerance) && close(t.b, u.b, tolerance) && close(t.c, u.c, tolerance)
            && close(t.d, u.d, tolerance) && close(t.tx, u.tx, tolerance) && close(t.ty, u.ty, tolerance)
    }

    @Test("taken apart and put back together, transforms come back as they were: turns, scales, shears, mirrors, flat ones")
    func partsRoundTrip() {
        let transforms: [AffineTransform] = [
            .identity, AffineTransform(translationX: 12, y: -7), AffineTransform(scaleX: 2, y: 0.5),
            AffineTransform(rotationAngle: 0.7), AffineTransform(rotationAngle: .pi), AffineTransform(scaleX: -1, y: 1),
            AffineTransform(scaleX: 1, y: -1), AffineTransform(a: 1, b: 0, c: 0.4, d: 1, tx: 3, ty: 4),
            AffineTransform(rotationAngle: -2.1).concatenating(AffineTransform(scaleX: 1.5, y: 0.8)),
            AffineTransform(scaleX: 0, y: 2), AffineTransform(scaleX: 0, y: -2), AffineTransform(scaleX: 3, y: 0),
            AffineTransform(rotationAngle: .pi / 2).concatenating(AffineTransform(scaleX: 0, y: 1)),
            AffineTransform(a: 0, b: 0, c: -1, d: 0, tx: 0, ty: 0),
            AffineTransform(a: -1, b: 0.3, c: 0.2, d: 1, tx: 1, ty: 2),
        ]
        for transform in transforms {
            #expect(matches(AffineTransform(parts: transform.parts), transform), "\(transform)")
            #expect(matches(AffineTransform(animationVector: transform.animationVector), transform), "\(transform)")
        }
    }

    /// `view`'s transform on screen halfway through a linear second from identity to `target`.
    private func halfway(to target: AffineTransform, from start: AffineTransform = .identity) -> AffineTransform {
        let fixture = AnimationFixture()
        let view = fixture.addView()
        view.transform = start
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.transform = target }
        for _ in 0..<30 { fixture.clock.step() }
        return view.presentation.transform
    }

    @Test("a quarter turn is an eighth turn halfway, at full size; a half turn never flattens the view")
    func turnsKeepTheirSize() {
        let quarter = halfway(to: AffineTransform(rotationAngle: .pi / 2))
        #expect(matches(quarter, AffineTransform(rotationAngle: .pi / 4), 1e-6), "\(quarter)")
        let half = halfway(to: AffineTransform(rotationAngle: .pi))
        #expect(close(half.a * half.d - half.b * half.c, 1, 1e-6), "area kept: \(half)")
        #expect(close(abs(half.b), 1, 1e-6), "a quarter turn one way or the other: \(half)")
    }

    @Test("from 170° to −170° the view turns the 20° between them, through 180°")
    func theNearerWayRound() {
        let degree = Double.pi / 180
        let shown = halfway(to: AffineTransform(rotationAngle: -170 * degree), from: AffineTransform(rotationAngle: 170 * degree))
        #expect(matches(shown, AffineTransform(rotationAngle: .pi), 1e-6), "\(shown)")
    }

    @Test("a scale with a move halfway is the average scale and move, as before")
    func scalesAndMovesAsBefore() {
        let target = AffineTransform(scaleX: 0.5, y: 2).concatenating(AffineTransform(translationX: 40, y: -20))
        let shown = halfway(to: target)
        #expect(matches(shown, AffineTransform(a: 0.75, b: 0, c: 0, d: 1.5, tx: 20, ty: -10), 1e-9), "\(shown)")
    }

    @Test("a flip, either way, squashes through flat halfway without turning, as a chevron flips")
    func flipsDoNotTurn() {
        for target in [AffineTransform(scaleX: 1, y: -1), AffineTransform(scaleX: -1, y: 1)] {
            let shown = halfway(to: target)
            #expect(close(shown.b, 0, 1e-9) && close(shown.c, 0, 1e-9), "no turn: \(shown)")
            #expect(close(shown.a, (1 + target.a) / 2, 1e-9) && close(shown.d, (1 + target.d) / 2, 1e-9), "\(shown)")
        }
    }
}
