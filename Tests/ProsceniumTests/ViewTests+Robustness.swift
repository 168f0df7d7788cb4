import Proscenium
import Testing

/// Inputs that used to trap: they are corrected or refused without crashing.
@MainActor @Suite("Robust input")
struct RobustInputTests {
    @Test("a spring with impossible constants is corrected, not trapped")
    func impossibleSpringConstants() {
        let spring = Spring(mass: 0, stiffness: -5, damping: -1)
        #expect(spring.mass > 0 && spring.stiffness > 0 && spring.damping == 0)
        let fallback = Spring(mass: .nan, stiffness: .infinity, damping: .nan)
        #expect(fallback.mass == 1 && fallback.stiffness == 100 && fallback.damping == 10)
    }

    @Test("reordering a subview to a negative index puts it at the back")
    func negativeIndexReorder() {
        let parent = View()
        let a = View(), b = View()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(b, at: -1)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))
    }

    @Test("inserting below a view that is not a subview adds on top")
    func insertBelowStranger() {
        let parent = View()
        let a = View(), stranger = View(), new = View()
        parent.addSubview(a)
        parent.insertSubview(new, belowSubview: stranger)
        #expect(parent.subviews.last === new)
    }
}

/// Appearance values from callers are kept in the ranges the renderer can draw.
@MainActor @Suite("Appearance sanitising")
struct AppearanceSanitisingTests {
    @Test("NaN, infinite and negative appearance values are clamped")
    func clamps() {
        let view = View()
        view.shadowRadius = .nan
        #expect(view.shadowRadius == 0)
        view.shadowRadius = -4
        #expect(view.shadowRadius == 0)
        view.borderWidth = .infinity
        #expect(view.borderWidth == 0)
        view.cornerRadius = .nan
        #expect(view.cornerRadius == 0)
        view.alpha = .nan
        #expect(view.alpha == 1)
        view.alpha = 7
        #expect(view.alpha == 1)
        view.shadowOpacity = .nan
        #expect(view.shadowOpacity == 0)
    }
}
