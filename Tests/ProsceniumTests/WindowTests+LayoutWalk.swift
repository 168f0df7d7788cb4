import Testing
import Proscenium

/// The layout pass walks only the subtrees that hold a view waiting for layout: every pending layout still
/// runs, wherever the view is, however it came to wait, and whenever during a pass it was asked for.
@MainActor @Suite("Window layout pass: what it walks")
struct WindowLayoutWalkTests {
    /// a > a1 > a2, and b, all in the window and laid out once.
    static func tree(_ scene: ProbeScene, _ log: ProbeLog) -> (a: LayoutProbeView, a1: LayoutProbeView, a2: LayoutProbeView, b: LayoutProbeView) {
        let a = LayoutProbeView("a", log: log), a1 = LayoutProbeView("a1", log: log)
        let a2 = LayoutProbeView("a2", log: log), b = LayoutProbeView("b", log: log)
        a1.addSubview(a2)
        a.addSubview(a1)
        scene.window.addSubview(a)
        scene.window.addSubview(b)
        scene.step()
        log.entries = []
        return (a, a1, a2, b)
    }

    /// Makes `view`'s next layout run `body`, once, and asks for that layout.
    static func onNextLayout(of view: LayoutProbeView, _ body: @escaping () -> Void) {
        var asked = false
        view.onLayout = { _ in
            guard !asked else { return }
            asked = true
            body()
        }
        view.setNeedsLayout()
    }

    @Test func aLayoutDeepInATreeRunsAndNothingElse() {
        let scene = ProbeScene(), log = ProbeLog()
        let (_, _, a2, b) = Self.tree(scene, log)
        a2.setNeedsLayout()
        b.setNeedsLayout()
        scene.step()
        #expect(log.entries == ["a2", "b"])
        log.entries = []
        scene.forceFrame()
        #expect(log.entries.isEmpty, "nothing waits any more")
    }

    @Test func aViewWaitingForLayoutWhenItMovesIsLaidOutWhereItGoes() {
        let scene = ProbeScene(), log = ProbeLog()
        let (_, _, a2, b) = Self.tree(scene, log)
        a2.setNeedsLayout()
        // Into another branch of the window while it waits, not leaving the window.
        b.addSubview(a2)
        log.entries = []
        scene.step()
        #expect(log.entries.contains("a2"))
    }

    @Test func aViewWaitingForLayoutOutOfTheWindowIsLaidOutWhenItComesBack() {
        let scene = ProbeScene(), log = ProbeLog()
        let (_, a1, a2, b) = Self.tree(scene, log)
        a2.setNeedsLayout()
        a1.removeFromSuperview()
        scene.step()
        #expect(!log.entries.contains("a2"), "out of the window, it waits")
        a2.removeFromSuperview()
        b.addSubview(a2)
        scene.step()
        #expect(log.entries.contains("a2"))
    }

    @Test func aTreeBuiltOutsideTheWindowIsLaidOutWhenItComesIn() {
        let scene = ProbeScene(), log = ProbeLog()
        _ = Self.tree(scene, log)
        let outer = LayoutProbeView("outer", log: log), inner = LayoutProbeView("inner", log: log)
        outer.addSubview(inner)
        outer.layoutIfNeeded()
        #expect(log.entries == ["outer", "inner"], "laid out on request, out of any window")
        inner.setNeedsLayout()
        log.entries = []
        scene.window.addSubview(outer)
        scene.step()
        #expect(log.entries.contains("inner"))
    }

    @Test func aLayoutAskedForDuringThePassRunsInTheSameFrame() {
        let scene = ProbeScene(), log = ProbeLog()
        let (a, _, a2, b) = Self.tree(scene, log)
        // b lays out after a's subtree was walked, and asks for a2 (walked already) and a again.
        Self.onNextLayout(of: b) {
            a2.setNeedsLayout()
            a.setNeedsLayout()
        }
        scene.step()
        #expect(log.entries == ["b", "a", "a2"])
    }

    @Test func aLayoutAskedForBelowTheViewLayingOutRunsInTheSamePass() {
        let scene = ProbeScene(), log = ProbeLog()
        let (a, _, a2, _) = Self.tree(scene, log)
        // No second pass is run for it (the pass reaches it next, top-down): the way down must be marked.
        Self.onNextLayout(of: a) { a2.setNeedsLayout() }
        scene.step()
        #expect(log.entries == ["a", "a2"])
        log.entries = []
        scene.forceFrame()
        #expect(log.entries.isEmpty)
    }

    @Test func layingOutASubtreeByHandLeavesTheFrameNothingToDo() {
        let scene = ProbeScene(), log = ProbeLog()
        let (a, a1, _, _) = Self.tree(scene, log)
        a1.setNeedsLayout()
        a.layoutIfNeeded()
        #expect(log.entries == ["a1"])
        log.entries = []
        scene.step()
        #expect(log.entries.isEmpty)
    }
}
