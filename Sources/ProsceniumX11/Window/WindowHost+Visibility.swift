import CX11
import Proscenium

/// Whether the window can be seen, from the server's and the window manager's events, and what the host
/// does about it: a window nobody can see draws nothing and keeps its animations' time at a few frames a
/// second, so that an animation in a minimised, covered or never-shown window costs next to no CPU.
extension WindowHost {
    /// Whether the host runs its window's frames at full rate and draws them. Not while the window:
    /// - is unmapped after having been shown (minimised by a window manager that unmaps, or hidden with
    ///   `xdotool windowunmap`);
    /// - is minimised by a window manager that keeps it mapped: `WM_STATE` says Iconic, or `_NET_WM_STATE`
    ///   holds `_NET_WM_STATE_HIDDEN` (compositing managers keep minimised windows for their previews);
    /// - is entirely covered by other windows (its last `VisibilityNotify`; a compositing manager never
    ///   sends that one);
    /// - has not been mapped yet and has drawn its first frame: a tiling manager may keep it on a hidden
    ///   workspace for good. The first frame is drawn, so the window has it to show the moment it appears;
    /// - was destroyed.
    /// Frames asked for meanwhile run `hiddenFrameInterval` apart and present nothing: time still passes
    /// on the clock, so when the window can be seen again its first frame, drawn whole, shows where every
    /// animation is by then (finished ones at their end, their completions run on time).
    public var rendersFrames: Bool {
        guard !isDestroyed else { return false }
        if drawsWhileHidden { return true }
        guard hasBeenMapped else { return !hasDrawnFrame }
        return isMapped && !isIconic && visibilityState != VisibilityFullyObscured
    }

    /// The shortest time between two frames of a hidden window: a quarter second, so a completion handler
    /// runs at most that late while costing a few frames' work a second with nothing drawn.
    public static let hiddenFrameInterval = 0.25

    /// Whether no other window covers any of this one (its last `VisibilityNotify`): only then does the
    /// window hold all of its last frame, which scroll copies within it read.
    var isUnobscured: Bool { visibilityState == VisibilityUnobscured }

    /// Wraps the clock's frame handler (the core window's) so a hidden window draws nothing and keeps time
    /// cheaply (see `rendersFrames`); once nothing animates, no frame is asked for and the clock sleeps. A
    /// destroyed window runs no frames at all.
    func runFramesOnlyWhileShown(clock: FrameClock) {
        let runFrame = clock.frameHandler
        clock.frameHandler = { [weak self, weak clock] time in
            guard let self else { return runFrame?(time) ?? () }
            if self.isDestroyed { return }
            if self.rendersFrames {
                self.lastHiddenFrameTime = nil
            } else {
                if let last = self.lastHiddenFrameTime, time - last < Self.hiddenFrameInterval {
                    clock?.setNeedsFrame(at: last + Self.hiddenFrameInterval)
                    return
                }
                self.lastHiddenFrameTime = time
            }
            runFrame?(time)
        }
    }

    // MARK: - Events

    /// Runs `change` to what the host knows of the window's visibility. When `redraw` says the server
    /// kept none of the window's pixels (it was unmapped), or the window went from hidden to shown with a
    /// stale back buffer (frames ran meanwhile and drew nothing), the next frame it shows draws and copies
    /// all of it, and Expose events wait for that frame instead of copying the back buffer. `redraw` holds
    /// until then: a window manager may map a minimised window before it says it is no longer minimised.
    func updateVisibility(redraw: Bool = false, _ change: () -> Void) {
        let wasShown = rendersFrames
        let ranHidden = lastHiddenFrameTime != nil
        change()
        guard hasDrawnFrame else { return }
        if redraw || !wasShown && ranHidden && rendersFrames { needsWholeFrame = true }
        if !wasShown, rendersFrames, needsWholeFrame { window.setNeedsDisplay() }
    }

    /// A property of the window changed: the window manager's idea of whether it is minimised may have.
    func windowPropertyChanged(_ atom: Atom) {
        guard atom == display.atom("WM_STATE") || atom == display.atom("_NET_WM_STATE") else { return }
        let iconic = windowManagerMarksIconic()
        guard iconic != isIconic else { return }
        updateVisibility { isIconic = iconic }
    }

    /// Whether the window manager marks the window minimised: ICCCM's `WM_STATE` in IconicState (3), or
    /// EWMH's `_NET_WM_STATE_HIDDEN`.
    private func windowManagerMarksIconic() -> Bool {
        if display.longValues(of: display.atom("WM_STATE"), on: xWindow, limit: 2).first == CLong(IconicState) {
            return true
        }
        let hidden = CLong(bitPattern: display.atom("_NET_WM_STATE_HIDDEN"))
        return display.longValues(of: display.atom("_NET_WM_STATE"), on: xWindow).contains(hidden)
    }
}
