import Foundation
import Testing
@testable import Proscenium

/// The motion laws against UIKit's definitions: speed kept per millisecond, the rubber band's formula and
/// a bounce back with no overshoot.
@Suite("Scroll physics")
struct ScrollPhysicsTests {
    /// UIKit's deceleration counted one millisecond at a time: each millisecond moves the content by the
    /// speed it has at its start (`late: false`) or at its end (`late: true`); the continuous law lies
    /// between the two sums, which differ by under a percent at UIKit's rates.
    private func stepped(velocity: Double, rate: Double, milliseconds: Int, late: Bool) -> Double {
        var position = 0.0, speed = velocity / 1000
        for _ in 0..<milliseconds {
            if late { speed *= rate }
            position += speed
            if !late { speed *= rate }
        }
        return position
    }

    @Test(arguments: [(1000.0, 0.998), (3000.0, 0.998), (-2000.0, 0.99), (800.0, 0.99)])
    func decelerationFollowsTheRatePerMillisecond(velocity: Double, rate: Double) {
        for milliseconds in [16, 100, 250, 500, 1000] {
            let closed = ScrollPhysics.decelerate(from: 0, velocity: velocity, rate: rate, time: Double(milliseconds) / 1000)
            let early = stepped(velocity: velocity, rate: rate, milliseconds: milliseconds, late: false)
            let late = stepped(velocity: velocity, rate: rate, milliseconds: milliseconds, late: true)
            #expect(closed.position >= min(early, late) && closed.position <= max(early, late),
                    "\(milliseconds) ms: \(closed.position) not within \(late)...\(early)")
            let speed = velocity * pow(rate, Double(milliseconds))
            #expect(abs(closed.velocity - speed) <= abs(speed) * 1e-9)
        }
        // UIKit's projection of where a flick ends (WWDC 2018, "Designing Fluid Interfaces"):
        // v / 1000 * rate / (1 - rate); the continuous law agrees within half a percent.
        let projected = velocity / 1000 * rate / (1 - rate)
        #expect(abs(ScrollPhysics.decelerationDistance(velocity: velocity, rate: rate) - projected) <= abs(projected) * 0.006)
    }

    @Test func decelerationComesToRestWhereItsDistanceSays() {
        // At 0.998 a flick at 1000 points per second travels about half a second's worth: 499.5 points.
        let distance = ScrollPhysics.decelerationDistance(velocity: 1000, rate: 0.998)
        #expect(abs(distance - 499.5) < 0.1)
        let duration = ScrollPhysics.decelerationDuration(velocity: 1000, rate: 0.998)
        let end = ScrollPhysics.decelerate(from: 0, velocity: 1000, rate: 0.998, time: duration)
        #expect(abs(end.velocity - ScrollPhysics.restingSpeed) < 1e-6)
        #expect(abs(end.position - distance) < 0.6)
        // The fast rate stops five times sooner.
        #expect(abs(ScrollPhysics.decelerationDistance(velocity: 1000, rate: 0.99) - 99.5) < 0.1)
    }

    @Test func rubberBandFollowsUIKitsFormula() {
        // (1 - 1 / (x * 0.55 / d + 1)) * d
        #expect(abs(ScrollPhysics.rubberBand(100, dimension: 500) - 49.549) < 0.001)
        #expect(abs(ScrollPhysics.rubberBand(500, dimension: 500) - 177.419) < 0.001)
        #expect(ScrollPhysics.rubberBand(100_000, dimension: 500) < 500)
        #expect(ScrollPhysics.rubberBand(0, dimension: 500) == 0)
        for drag in [1.0, 40, 300, 2000] {
            let banded = ScrollPhysics.rubberBand(drag, dimension: 600)
            #expect(abs(ScrollPhysics.dragForRubberBand(banded, dimension: 600) - drag) < 1e-6 * drag)
        }
        #expect(ScrollPhysics.rubberBanded(-100, lower: 0, upper: 1000, dimension: 500) == -ScrollPhysics.rubberBand(100, dimension: 500))
        #expect(ScrollPhysics.rubberBanded(1100, lower: 0, upper: 1000, dimension: 500) == 1000 + ScrollPhysics.rubberBand(100, dimension: 500))
        #expect(ScrollPhysics.rubberBanded(400, lower: 0, upper: 1000, dimension: 500) == 400)
    }

    @Test func springBackReturnsWithoutOvershootInAboutHalfASecond() {
        var previous = -80.0
        for frame in 1...60 {
            let (position, _) = ScrollPhysics.springBack(from: -80, to: 0, velocity: 0, time: Double(frame) / 60)
            #expect(position >= previous - 1e-9, "moves towards the edge only")
            #expect(position <= 1e-9, "never past the edge")
            previous = position
        }
        #expect(abs(ScrollPhysics.springBack(from: -80, to: 0, velocity: 0, time: 0.5).position) < 0.5)
        // Launched outward (a fling into the edge), it turns and comes back.
        let out = (1...30).map { ScrollPhysics.springBack(from: 0, to: 0, velocity: -1500, time: Double($0) / 60).position }
        #expect(out.min()! < -20)
        #expect(abs(ScrollPhysics.springBack(from: 0, to: 0, velocity: -1500, time: 0.8).position) < 0.5)
    }
}
